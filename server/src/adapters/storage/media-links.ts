import type { Clock } from "../../clock.ts"
import { viewerLinkTimes, viewerLinkTtlSeconds, type Storage } from "./storage.ts"

/** The URL a browser fetches for a storage key, signed for one kind of reader. */
export type LinkOf = (key: string) => string

export interface ViewerLinks {
  link: LinkOf
  /** When every link of this answer stops working (ISO): the app fetches the list again before. */
  expiresAt: string
}

/**
 * Links to private media (stories, photos, receipts) for one signed-in viewer: her account id is
 * signed into each, and each dies within `ttlSeconds`, so a link shared or kept after her access
 * ends soon stops working. Signed per answer, never cached across viewers.
 */
export function viewerLinks(
  storage: Storage,
  clock: Clock,
  viewer: string,
  ttlSeconds = viewerLinkTtlSeconds,
): ViewerLinks {
  const now = Math.floor(clock.now().getTime() / 1000)
  const { expiresAt } = viewerLinkTimes(now, ttlSeconds)
  return {
    link: (key) => storage.url(key, { ttlSeconds, viewer }),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  }
}

/** Links to public images (avatars, banners, covers): long-lived and the same for everyone. */
export const sharedLinks =
  (storage: Storage, ttlSeconds: number): LinkOf =>
  (key) =>
    storage.url(key, { ttlSeconds })
