import type { Media, Story } from "../../../../src/domain/models.ts"
import type { Storage } from "../../adapters/storage/storage.ts"
import type { MediaRow, StoryRow } from "./content.repository.ts"

/** Locked content: URLs live one hour, so a link shared after a subscription ends soon stops working. */
export const contentTtlSeconds = 60 * 60

/** What a story shows; the processing claim stays on the server. */
type StoryFields = Pick<
  StoryRow,
  "id" | "createdAt" | "fileKey" | "posterKey" | "kind" | "processed"
>

export function toStory(row: StoryFields, storage: Storage, views?: number): Story {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    src: storage.url(row.fileKey, { ttlSeconds: contentTtlSeconds }),
    displayUrl: row.posterKey
      ? storage.url(row.posterKey, { ttlSeconds: contentTtlSeconds })
      : null,
    kind: row.kind,
    processed: row.processed,
    ...(views === undefined ? {} : { stats: { users: views } }),
  }
}

export function toMedia(row: MediaRow, hasLiked: boolean, storage: Storage): Media {
  return {
    _id: row.id,
    src: storage.url(row.fileKey, { ttlSeconds: contentTtlSeconds }),
    thumb: storage.url(row.thumbKey, { ttlSeconds: contentTtlSeconds }),
    ...(row.thumbWebpKey
      ? { thumbWebp: storage.url(row.thumbWebpKey, { ttlSeconds: contentTtlSeconds }) }
      : {}),
    ...(row.thumbAvifKey
      ? { thumbAvif: storage.url(row.thumbAvifKey, { ttlSeconds: contentTtlSeconds }) }
      : {}),
    ...(row.width ? { width: row.width } : {}),
    ...(row.height ? { height: row.height } : {}),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    hasLiked,
  }
}
