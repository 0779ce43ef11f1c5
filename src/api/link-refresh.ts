/**
 * Private media links (stories, photos, receipts) are signed for the viewer and die within
 * minutes; the answers say when (`linksExpireAt`). Lists holding them are fetched again before
 * that: when a quarter of the time left has passed or 30 s before it lapses, whichever is
 * sooner, so a story opened just before a refresh still has time to load.
 */
const MARGIN_MS = 30_000
const MIN_INTERVAL_MS = 1_000

/** Milliseconds until the list should be fetched again; 0 (no refresh) when no link expires. */
export function linkRefreshInterval(
  expiries: ReadonlyArray<string | null | undefined>,
  now = Date.now(),
): number {
  const times = expiries.map((value) => (value ? Date.parse(value) : NaN))
  const earliest = Math.min(...times.filter((time) => Number.isFinite(time)))
  if (!Number.isFinite(earliest)) return 0
  const left = earliest - now
  return Math.max(MIN_INTERVAL_MS, left - Math.min(MARGIN_MS, left / 4))
}

type WithLinks = { linksExpireAt?: string }

/** SWR's `refreshInterval` for a list of stories or photos. */
export const refreshBeforeLinksLapse = (items: readonly WithLinks[] | undefined) =>
  linkRefreshInterval((items ?? []).map((item) => item.linksExpireAt))
