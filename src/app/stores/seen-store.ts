import { z } from "zod"
import { createPersistedStore } from "./persisted.ts"

/** Seen state of spec §3, persisted under `seen`: timestamps in ms, default 0. */
export type SeenState = { current: number; lastSeen: number }

const SeenSchema = z.object({
  current: z.number().catch(0),
  lastSeen: z.number().catch(0),
})

export const seenStore = createPersistedStore<SeenState>(
  "seen",
  { current: 0, lastSeen: 0 },
  (raw) => {
    const parsed = SeenSchema.safeParse(raw)
    return parsed.success ? parsed.data : null
  },
)

/** A played story marks its timestamp as seen; the maximum is kept (spec §4). */
export function markStorySeen(createdAt: string): void {
  const time = new Date(createdAt).getTime()
  if (Number.isNaN(time)) return
  seenStore.set((state) => ({ current: time, lastSeen: Math.max(state.lastSeen, time) }))
}
