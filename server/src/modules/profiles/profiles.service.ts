import { randomUUID } from "node:crypto"
import type { MultipartFile } from "@fastify/multipart"
import { renderImage } from "../../adapters/images/image-pipeline.ts"
import { imageUrlOf, parseImageRef } from "../../adapters/images/image-ref.ts"
import { deleteImage, imageExists, storeRenditions } from "../../adapters/images/store-image.ts"
import { detectFileType, imageTypes } from "../../adapters/storage/file-types.ts"
import { storedOnlyOnSuccess } from "../../adapters/storage/storage.ts"
import { isUniqueViolation } from "../../db/errors.ts"
import type { ModuleDeps } from "../../deps.ts"
import { PROFILE_NOT_FOUND, USERNAME_TAKEN } from "../../../../src/domain/messages.ts"
import { isReservedUsername } from "../../../../src/domain/route-segments.ts"
import { imageTooLargeMessage } from "../../../../src/domain/studio.ts"
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from "../../errors.ts"
import { refuseBannedCreator } from "../../shared/banned-creator.ts"
import {
  imageNotFoundMessage,
  isOwnImage,
  noFileMessage,
  onlyImagesMessage,
  profileKeyPrefix,
} from "../../shared/creator-files.ts"
import { publicLinks, toProfile } from "../../shared/profile-view.ts"
import { createTtlCache } from "../../cache/ttl-cache.ts"
import { serialise, type SerialisedAnswer } from "../../serialised-answer.ts"
import { ProfileSchema, ProfileStatsSchema } from "../../../../src/domain/models.ts"
import {
  createProfilesRepository,
  normalizeUsername,
  type ProfileRow,
} from "./profiles.repository.ts"

export const profileNotFoundMessage = PROFILE_NOT_FOUND
export const usernameTakenMessage = USERNAME_TAKEN
export type ProfileImageUse = "avatar" | "banner" | "cover"

const isProfileUpload = (profileId: string, key: string) =>
  (parseImageRef(key)?.base ?? key).startsWith(`${profileKeyPrefix(profileId)}images/`)

export interface ProfilePatch {
  fullName?: string
  bio?: string
  username?: string
  profilePic?: string | null
  bannerPic?: string | null
}

export function createProfilesService(deps: ModuleDeps) {
  const repo = createProfilesRepository(deps.db)
  // The sales page is read by every visitor of a launch: a few seconds of staleness is fine.
  // Entries are answers as sent, so a visitor costs no serialisation either.
  const cacheMs = deps.config.publicCacheMs ?? 0
  const cache =
    cacheMs > 0 ? createTtlCache<SerialisedAnswer>({ ttlMs: cacheMs, maxEntries: 5_000 }) : null
  const cached = (key: string, load: () => Promise<SerialisedAnswer>) =>
    cache ? cache.getNow(key, load) : load()
  deps.creatorChanges.subscribe((username) => {
    cache?.delete(`profile:${normalizeUsername(username)}`)
    cache?.delete(`stats:${normalizeUsername(username)}`)
  })

  const view = async (row: ProfileRow) =>
    toProfile(row, await repo.activePlans(row.id), deps.storage)

  const ownProfile = async (accountId: string) => {
    const row = await repo.findByAccountId(accountId)
    if (!row) throw new ForbiddenError("Apenas criadoras podem editar um perfil.", "not_a_creator")
    refuseBannedCreator(row)
    return row
  }

  const checkOwnKey = async (profileId: string, key: string | null | undefined, field: string) => {
    if (!key) return
    if (!isOwnImage(profileId, key) || !(await imageExists(deps.storage, key))) {
      throw new ValidationError(imageNotFoundMessage, "file_not_found", field)
    }
  }

  /** Pictures uploaded for the profile that it no longer shows: all their files go. */
  const dropReplacedPictures = async (before: ProfileRow, after: ProfileRow) => {
    const shown = new Set([after.profilePicKey, after.bannerPicKey])
    for (const key of new Set([before.profilePicKey, before.bannerPicKey])) {
      // Only an upload of POST /profile/images: a key may also name one of her photos.
      if (key && !shown.has(key) && isProfileUpload(before.id, key))
        await deleteImage(deps.storage, key)
    }
  }

  return {
    /** The public profile, serialised: itself when in memory, else a promise of it. */
    get(username: string) {
      return cached(`profile:${normalizeUsername(username)}`, async () => {
        const row = await repo.findByUsername(username)
        if (!row) throw new NotFoundError(profileNotFoundMessage, "profile_not_found")
        return serialise(ProfileSchema, await view(row), "/profile/:username")
      })
    },

    /** The counts under the profile, serialised: themselves when in memory, else a promise. */
    stats(username: string) {
      return cached(`stats:${normalizeUsername(username)}`, async () => {
        const row = await repo.findByUsername(username)
        if (!row || row.banned) throw new NotFoundError(profileNotFoundMessage, "profile_not_found")
        const counts = await repo.contentCounts(row.id)
        return serialise(ProfileStatsSchema, counts, "/u/:username/stats")
      })
    },

    async update(accountId: string, patch: ProfilePatch) {
      const row = await ownProfile(accountId)
      if (patch.username && isReservedUsername(patch.username)) {
        throw new ConflictError(usernameTakenMessage, "username_taken", "username")
      }
      await checkOwnKey(row.id, patch.profilePic, "profilePic")
      await checkOwnKey(row.id, patch.bannerPic, "bannerPic")
      const changes = Object.fromEntries(
        Object.entries({
          fullName: patch.fullName,
          bio: patch.bio,
          username: patch.username,
          profilePicKey: patch.profilePic,
          bannerPicKey: patch.bannerPic,
        }).filter(([, value]) => value !== undefined),
      )
      if (Object.keys(changes).length === 0) return view(row)
      let updated: ProfileRow
      try {
        updated = await repo.update(row.id, changes, deps.clock.now())
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError(usernameTakenMessage, "username_taken", "username")
        throw error
      }
      // After the write, so a read in between cannot put the old profile back.
      deps.creatorChanges.changed(row.username)
      if (updated.username !== row.username) deps.creatorChanges.changed(updated.username)
      await dropReplacedPictures(row, updated)
      return view(updated)
    },

    /**
     * Renders an avatar, banner or highlight cover (checked by magic bytes, then decoded) and
     * stores its renditions under server-chosen names; nothing is stored for a refused file.
     */
    async uploadImage(accountId: string, file: MultipartFile | undefined, use: ProfileImageUse) {
      const row = await ownProfile(accountId)
      if (!file) throw new BadRequestError(noFileMessage, "no_file", "file")
      let data: Buffer
      try {
        data = await file.toBuffer()
      } catch (error) {
        // The same answer as the studio's uploads, whose limit for images is the same.
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          throw new AppError(413, imageTooLargeMessage, "file_too_large", "file")
        throw error
      }
      if (!(await detectFileType(data, imageTypes)))
        throw new ValidationError(onlyImagesMessage, "invalid_file_type", "file")
      const image = await renderImage(data, use, onlyImagesMessage)
      const key = await storedOnlyOnSuccess(deps.storage, (put) =>
        storeRenditions(put, `${profileKeyPrefix(row.id)}images/${randomUUID()}`, image),
      )
      return { key, url: imageUrlOf(publicLinks(deps.storage), key) }
    },
  }
}
