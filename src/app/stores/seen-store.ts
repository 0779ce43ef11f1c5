import { createPersistedStore } from "./persisted.ts"

/** Seen state of spec §3, persisted under `seen`: timestamps in ms, default 0. */
export type SeenState = { current: number; lastSeen: number }

const numberOrZero = (value: unknown): number => (typeof value === "number" ? value : 0)

/** A stored value that is not an object is ignored; a field that is not a number reads as 0. */
export const seenStore = createPersistedStore<SeenState>(
  "seen",
  { current: 0, lastSeen: 0 },
  (raw) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null
    const stored = raw as Record<string, unknown>
    return { current: numberOrZero(stored.current), lastSeen: numberOrZero(stored.lastSeen) }
  },
  { forgetOnSignOut: true },
)

/** A played story marks its timestamp as seen; the maximum is kept (spec §4). */
export function markStorySeen(createdAt: string): void {
  const time = new Date(createdAt).getTime()
  if (Number.isNaN(time)) return
  seenStore.set((state) => ({ current: time, lastSeen: Math.max(state.lastSeen, time) }))
}
