import { randomUUID } from "node:crypto"
import type { StudioHighlight } from "../../../../src/domain/studio.ts"
import { scheduledStoryInHighlightMessage } from "../../../../src/domain/scheduled-posts.ts"
import { renderImage } from "../../adapters/images/image-pipeline.ts"
import { imageSetOf, jpegKeyOf } from "../../adapters/images/image-ref.ts"
import { deleteImage, imageExists, storeRenditions } from "../../adapters/images/store-image.ts"
import { storedOnlyOnSuccess } from "../../adapters/storage/storage.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts"
import { storyNotFoundMessage } from "../../shared/content-messages.ts"
import { imageUrl, publicLinks } from "../../shared/profile-view.ts"
import {
  imageNotFoundMessage,
  isOwnImage,
  onlyImagesMessage,
  profileKeyPrefix,
} from "../../shared/creator-files.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import { notOwnerMessage, requireOwned, requireOwnProfile } from "./studio-access.ts"
import { createStudioRepository, type HighlightRow } from "./studio.repository.ts"

export const highlightNotFoundMessage = "Destaque não encontrado"
const notFound = { message: highlightNotFoundMessage, code: "highlight_not_found" }

export interface HighlightInput {
  title?: string
  storyIds?: string[]
  /** A key from POST /v1/profile/images; null or absent on creation: the first story's poster. */
  cover?: string | null
}

export function createStudioHighlightsService(deps: ModuleDeps) {
  const studio = createStudioRepository(deps.db)

  const view = (row: HighlightRow, storyIds: string[]): StudioHighlight => {
    const coverImage = imageSetOf(row.coverKey, publicLinks(deps.storage))
    return {
      _id: row.id,
      title: row.title,
      cover: imageUrl(deps.storage, row.coverKey),
      ...(coverImage ? { coverImage } : {}),
      storyIds,
    }
  }

  /** Every id must be a story of this creator, each once; order is kept. */
  const checkStories = async (profileId: string, storyIds: string[]) => {
    const unique = [...new Set(storyIds)]
    const rows = await studio.storiesByIds(unique.filter(isUuid))
    for (const id of unique) {
      const row = rows.find((story) => story.id === id)
      if (!row) throw new NotFoundError(storyNotFoundMessage, "story_not_found")
      if (row.profileId !== profileId) throw new ForbiddenError(notOwnerMessage, "not_owner")
      if (row.scheduledFor)
        throw new ValidationError(scheduledStoryInHighlightMessage, "story_scheduled", "storyIds")
    }
    return { ids: unique, rows }
  }

  /**
   * The highlight keeps its own cover, cut 1:1 from the source's widest JPEG (an older plain
   * file is rendered anew too, so no original is ever copied), so deleting a story or changing
   * the avatar never leaves it without one.
   */
  const copyCover = async (profileId: string, source: string | null) => {
    if (!source) return null
    let bytes: Buffer
    try {
      bytes = Buffer.concat(await deps.storage.read(jpegKeyOf(source)).toArray())
    } catch {
      throw new ValidationError(imageNotFoundMessage, "file_not_found", "cover")
    }
    const image = await renderImage(bytes, "cover", onlyImagesMessage)
    return storedOnlyOnSuccess(deps.storage, (put) =>
      storeRenditions(put, `${profileKeyPrefix(profileId)}highlights/${randomUUID()}`, image),
    )
  }

  /** Only the highlight's own cover is deleted, never a file something else may show. */
  const dropCover = async (key: string) => {
    if (key.includes("/highlights/")) await deleteImage(deps.storage, key)
  }

  const coverSource = async (
    profileId: string,
    cover: string | null | undefined,
    firstStoryPoster: string | null,
  ) => {
    if (!cover) return firstStoryPoster
    if (!isOwnImage(profileId, cover) || !(await imageExists(deps.storage, cover))) {
      throw new ValidationError(imageNotFoundMessage, "file_not_found", "cover")
    }
    return cover
  }

  const posterOf = (rows: { id: string; posterKey: string | null }[], id: string | undefined) =>
    rows.find((row) => row.id === id)?.posterKey ?? null

  return {
    async list(accountId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const rows = await studio.highlightsWithStoryIds(profile.id)
      return rows.map((row) => view(row.highlight, row.storyIds))
    },

    async create(
      accountId: string,
      input: Required<Pick<HighlightInput, "title" | "storyIds">> & HighlightInput,
    ) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const stories = await checkStories(profile.id, input.storyIds)
      const source = await coverSource(
        profile.id,
        input.cover,
        posterOf(stories.rows, stories.ids[0]),
      )
      const coverKey = await copyCover(profile.id, source)
      const row = await deps.db.transaction(async (tx) => {
        const repo = createStudioRepository(tx)
        const inserted = await repo.insertHighlight({
          profileId: profile.id,
          title: input.title,
          coverKey,
          position: await repo.nextHighlightPosition(profile.id),
          createdAt: deps.clock.now(),
        })
        await repo.setHighlightStories(inserted.id, stories.ids)
        return inserted
      })
      return view(row, stories.ids)
    },

    async update(accountId: string, highlightId: string, input: HighlightInput) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const current = await requireOwned(highlightId, profile.id, studio.highlight, notFound)
      const stories = input.storyIds ? await checkStories(profile.id, input.storyIds) : null
      let coverKey = current.coverKey
      if (input.cover !== undefined) {
        const ids = stories?.ids ?? (await studio.storyIdsOf([current.id])).map((l) => l.storyId)
        const rows = stories?.rows ?? (await studio.storiesByIds(ids))
        coverKey = await copyCover(
          profile.id,
          await coverSource(profile.id, input.cover, posterOf(rows, ids[0])),
        )
      }
      const row = await deps.db.transaction(async (tx) => {
        const repo = createStudioRepository(tx)
        if (stories) await repo.setHighlightStories(current.id, stories.ids)
        return repo.updateHighlight(current.id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          coverKey,
        })
      })
      if (current.coverKey && current.coverKey !== coverKey) await dropCover(current.coverKey)
      const storyIds = (await studio.storyIdsOf([row.id])).map((link) => link.storyId)
      return view(row, storyIds)
    },

    async remove(accountId: string, highlightId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const current = await requireOwned(highlightId, profile.id, studio.highlight, notFound)
      await studio.deleteHighlight(current.id)
      if (current.coverKey) await dropCover(current.coverKey)
      return { deleted: true as const }
    },
  }
}
