import type { Media, Story } from "../../../src/domain/models.ts"
import { imageSetOf, imageUrlOf } from "../adapters/images/image-ref.ts"
import { viewerLinks, type ViewerLinks } from "../adapters/storage/media-links.ts"
import type { AppDeps } from "../deps.ts"
import type { MediaRow, StoryRow } from "../db/rows.ts"

/** The grid's plain `thumb`: a tile's 2x width on a phone. */
const gridThumbWidth = 480

/**
 * Locked content and receipts: links signed for this viewer, dying within the configured
 * lifetime (5 minutes by default), so a link shared, or kept after access ends, soon stops.
 */
export const privateLinksFor = (
  deps: Pick<AppDeps, "storage" | "clock" | "config">,
  viewer: string,
) => viewerLinks(deps.storage, deps.clock, viewer, deps.config.privateMediaTtlSeconds)

/** What a story shows; the processing claim stays on the server. */
type StoryFields = Pick<
  StoryRow,
  "id" | "createdAt" | "fileKey" | "posterKey" | "kind" | "processed"
>

export function toStory(row: StoryFields, links: ViewerLinks, views?: number): Story {
  const { link } = links
  // An image story's file is its renditions; a video's file is the video, its poster an image.
  const image = imageSetOf(row.kind === "image" ? row.fileKey : row.posterKey, link)
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    // A video's key is a plain one: the URL of the video itself.
    src: imageUrlOf(link, row.fileKey),
    displayUrl: row.posterKey ? imageUrlOf(link, row.posterKey) : null,
    kind: row.kind,
    ...(image ? { image } : {}),
    processed: row.processed,
    ...(views === undefined ? {} : { stats: { users: views } }),
    linksExpireAt: links.expiresAt,
  }
}

export function toMedia(row: MediaRow, hasLiked: boolean, links: ViewerLinks): Media {
  const { link } = links
  const thumbImage = imageSetOf(row.thumbKey, link)
  const image = imageSetOf(row.fileKey, link)
  return {
    _id: row.id,
    src: imageUrlOf(link, row.fileKey),
    thumb: imageUrlOf(link, row.thumbKey, gridThumbWidth),
    ...(thumbImage ? { thumbImage } : {}),
    ...(image ? { image } : {}),
    ...(row.width ? { width: row.width } : {}),
    ...(row.height ? { height: row.height } : {}),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    hasLiked,
    linksExpireAt: links.expiresAt,
  }
}
