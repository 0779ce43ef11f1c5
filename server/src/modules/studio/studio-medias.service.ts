import { randomUUID } from "node:crypto"
import type { FastifyRequest } from "fastify"
import {
  mediaDescriptionField,
  photoFileTypeMessage,
  type StudioMedia,
} from "../../../../src/domain/studio.ts"
import { storageKeysOf } from "../../adapters/images/image-ref.ts"
import { renderImage } from "../../adapters/images/image-pipeline.ts"
import { storeRenditions } from "../../adapters/images/store-image.ts"
import { storedOnlyOnSuccess } from "../../adapters/storage/storage.ts"
import type { ModuleDeps } from "../../deps.ts"
import { BadRequestError } from "../../errors.ts"
import { privateLinksFor, toMedia } from "../../shared/content-view.ts"
import type { MediaRow } from "../../db/rows.ts"
import { mediaNotFoundMessage } from "../../shared/content-messages.ts"
import { profileKeyPrefix } from "../../shared/creator-files.ts"
import { parseScheduledFor } from "./scheduled-posts.service.ts"
import { requireOwned, requireOwnProfile } from "./studio-access.ts"
import { createStudioRepository } from "./studio.repository.ts"
import { receiveUpload } from "./uploads.ts"

const notFound = { message: mediaNotFoundMessage, code: "media_not_found" }

/** A caption from a multipart field: blank means none. */
function parseDescription(value: string | undefined): string | null {
  const parsed = mediaDescriptionField.optional().safeParse(value)
  if (!parsed.success) {
    throw new BadRequestError(parsed.error.issues[0]!.message, "validation_error", "description")
  }
  return parsed.data ? parsed.data : null
}

export function createStudioMediasService(deps: ModuleDeps) {
  const studio = createStudioRepository(deps.db)
  /** The creator's own photos, their links signed for her. */
  const view = (accountId: string, row: MediaRow, likes: number): StudioMedia => ({
    ...toMedia(row, false, privateLinksFor(deps, accountId)),
    likes,
  })
  const owned = async (accountId: string, mediaId: string) => {
    const profile = await requireOwnProfile(deps.db, accountId)
    return requireOwned(mediaId, profile.id, (id) => studio.media(id), notFound)
  }

  return {
    async list(accountId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const rows = await studio.mediasWithLikes(profile.id)
      return rows.map((row) => view(accountId, row.media, row.likes))
    },

    /**
     * A photo with an optional caption and an optional time to publish it: its renditions for
     * the feed and for the 4:5 grid.
     */
    async upload(accountId: string, request: FastifyRequest) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const upload = await receiveUpload(request, {
        accept: ["image"],
        typeMessage: photoFileTypeMessage,
      })
      try {
        const description = parseDescription(upload.fields.description)
        const now = deps.clock.now()
        const scheduledFor = parseScheduledFor(upload.fields.scheduledFor, now)
        // Both cuts are made before anything is stored: a file that is no image leaves nothing.
        const grid = await renderImage(upload.path, "grid", photoFileTypeMessage)
        const photo = await renderImage(upload.path, "photo", photoFileTypeMessage)
        // Awaited here: the temporary upload is removed in `finally`.
        return await storedOnlyOnSuccess(deps.storage, async (put) => {
          const id = randomUUID()
          const base = `${profileKeyPrefix(profile.id)}medias/${id}`
          const row = await studio.insertMedia({
            id,
            profileId: profile.id,
            fileKey: await storeRenditions(put, base, photo),
            thumbKey: await storeRenditions(put, `${base}-grid`, grid),
            width: photo.source.width,
            height: photo.source.height,
            description,
            scheduledFor,
            createdAt: now,
          })
          return view(accountId, row, 0)
        })
      } finally {
        await upload.cleanup()
      }
    },

    async describe(accountId: string, mediaId: string, description: string | null) {
      const media = await owned(accountId, mediaId)
      const row = await studio.updateMedia(media.id, description ? description : null)
      return view(accountId, row, await studio.likesOf(media.id))
    },

    async remove(accountId: string, mediaId: string) {
      const media = await owned(accountId, mediaId)
      await studio.deleteMedia(media.id)
      const keys = new Set(
        [media.fileKey, media.thumbKey, media.thumbWebpKey, media.thumbAvifKey].flatMap((key) =>
          key ? storageKeysOf(key) : [],
        ),
      )
      await Promise.all([...keys].map((key) => deps.storage.delete(key)))
      return { deleted: true as const }
    },
  }
}
