import type { Media, Story } from "../../../../src/domain/models.ts"
import { imageSetOf, imageUrlOf } from "../../adapters/images/image-ref.ts"
import type { Storage } from "../../adapters/storage/storage.ts"
import type { MediaRow, StoryRow } from "./content.repository.ts"

/** Locked content: URLs live one hour, so a link shared after a subscription ends soon stops working. */
export const contentTtlSeconds = 60 * 60
/** The grid's plain `thumb`: a tile's 2x width on a phone. */
const gridThumbWidth = 480

/** What a story shows; the processing claim stays on the server. */
type StoryFields = Pick<
  StoryRow,
  "id" | "createdAt" | "fileKey" | "posterKey" | "kind" | "processed"
>

export function toStory(row: StoryFields, storage: Storage, views?: number): Story {
  const ttl = contentTtlSeconds
  // An image story's file is its renditions; a video's file is the video, its poster an image.
  const image = imageSetOf(row.kind === "image" ? row.fileKey : row.posterKey, storage, ttl)
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    // A video's key is a plain one: the URL of the video itself.
    src: imageUrlOf(storage, row.fileKey, ttl),
    displayUrl: row.posterKey ? imageUrlOf(storage, row.posterKey, ttl) : null,
    kind: row.kind,
    ...(image ? { image } : {}),
    processed: row.processed,
    ...(views === undefined ? {} : { stats: { users: views } }),
  }
}

export function toMedia(row: MediaRow, hasLiked: boolean, storage: Storage): Media {
  const ttl = contentTtlSeconds
  const thumbImage = imageSetOf(row.thumbKey, storage, ttl)
  const image = imageSetOf(row.fileKey, storage, ttl)
  return {
    _id: row.id,
    src: imageUrlOf(storage, row.fileKey, ttl),
    thumb: imageUrlOf(storage, row.thumbKey, ttl, gridThumbWidth),
    ...(thumbImage ? { thumbImage } : {}),
    ...(image ? { image } : {}),
    ...(row.width ? { width: row.width } : {}),
    ...(row.height ? { height: row.height } : {}),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    hasLiked,
  }
}
