import { randomUUID } from "node:crypto"
import type { FastifyRequest } from "fastify"
import {
  storyFileTypeMessage,
  videoUnreadableMessage,
  type StudioStory,
} from "../../../../src/domain/studio.ts"
import { renderImage } from "../../adapters/images/image-pipeline.ts"
import { storageKeysOf } from "../../adapters/images/image-ref.ts"
import { storeRenditions } from "../../adapters/images/store-image.ts"
import { storedOnlyOnSuccess } from "../../adapters/storage/storage.ts"
import { stripVideoMetadata } from "../../adapters/video/strip-video-metadata.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ValidationError } from "../../errors.ts"
import { privateLinksFor, toStory } from "../../shared/content-view.ts"
import type { StoryRow } from "../../db/rows.ts"
import { storyNotFoundMessage } from "../../shared/content-messages.ts"
import { profileKeyPrefix } from "../../shared/creator-files.ts"
import type { MediaProcessor } from "./media-processor.ts"
import { parseScheduledFor } from "./scheduled-posts.service.ts"
import { requireOwned, requireOwnProfile } from "./studio-access.ts"
import { createStudioRepository } from "./studio.repository.ts"
import { receiveUpload } from "./uploads.ts"

const notFound = { message: storyNotFoundMessage, code: "story_not_found" }

export function createStudioStoriesService(deps: ModuleDeps, processor: MediaProcessor) {
  const studio = createStudioRepository(deps.db)
  /** The creator's own stories, their links signed for her. */
  const view = (accountId: string, row: StoryRow, views = 0): StudioStory =>
    toStory(row, privateLinksFor(deps, accountId), views) as StudioStory

  return {
    /** Newest first, with who saw each one, and whether videos get a poster and a web rendition. */
    async list(accountId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      // The view counts come with the stories, in the same query.
      const rows = (await studio.storiesWithViews(profile.id)).reverse()
      return {
        videoProcessing: processor.videoProcessing,
        stories: rows.map((row) => view(accountId, row.story, row.views ?? 0)),
      }
    },

    /**
     * An image is ready at once (shown for 5 s); a video waits "processando" for ffmpeg, or is
     * published as sent when the server has none. With `scheduledFor` it waits for that time,
     * seen by nobody but her.
     */
    async upload(accountId: string, request: FastifyRequest) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const upload = await receiveUpload(request, {
        accept: ["image", "video"],
        typeMessage: storyFileTypeMessage,
      })
      try {
        const now = deps.clock.now()
        const scheduledFor = parseScheduledFor(upload.fields.scheduledFor, now)
        // Before the file is stored, whether ffmpeg makes a rendition of it or it is published
        // as sent (no ffmpeg, or ffmpeg failed): the place it was recorded never gets out.
        if (upload.kind === "video") {
          const stripped = await stripVideoMetadata(upload.path)
          if (stripped.status === "unreadable") {
            deps.log.info({ reason: stripped.reason }, "vídeo recusado: estrutura ilegível")
            throw new ValidationError(videoUnreadableMessage, "unreadable_video", "file")
          }
        }
        // An image is rendered before anything is stored: a file that is no image leaves nothing.
        const image =
          upload.kind === "image"
            ? await renderImage(upload.path, "story", storyFileTypeMessage)
            : null
        // Awaited here: the temporary upload is removed in `finally`.
        return await storedOnlyOnSuccess(deps.storage, async (put) => {
          const id = randomUUID()
          const base = `${profileKeyPrefix(profile.id)}stories/${id}`
          let fileKey: string
          if (image) {
            fileKey = await storeRenditions(put, base, image)
          } else {
            fileKey = `${base}.${upload.ext}`
            await put(fileKey, { path: upload.path, size: upload.size })
          }
          const isVideo = upload.kind === "video"
          const processed = !isVideo || processor.videoProcessing === "unavailable"
          const [row] = await studio.insertStory({
            id,
            profileId: profile.id,
            kind: upload.kind,
            fileKey,
            posterKey: isVideo ? null : fileKey,
            processed,
            scheduledFor,
            createdAt: now,
          })
          if (!processed) processor.enqueueStory(id)
          return view(accountId, row!)
        })
      } finally {
        await upload.cleanup()
      }
    },

    async remove(accountId: string, storyId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const story = await requireOwned(storyId, profile.id, (id) => studio.story(id), notFound)
      await studio.deleteStory(story.id)
      const keys = new Set(
        [story.fileKey, story.posterKey].flatMap((key) => (key ? storageKeysOf(key) : [])),
      )
      await Promise.all([...keys].map((key) => deps.storage.delete(key)))
      return { deleted: true as const }
    },
  }
}
