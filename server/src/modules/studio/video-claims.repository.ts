import { and, eq, isNull, lte, or } from "drizzle-orm"
import type { Database } from "../../db/client.ts"
import { stories } from "../../db/schema.ts"

/**
 * The video stories waiting for ffmpeg, and the claims that let one process at a time work on
 * each: `holder` names this process, a claim lasts until its `processingUntil`.
 */
export function createVideoClaimsRepository(db: Database, holder: string) {
  const mine = (id: string) => and(eq(stories.id, id), eq(stories.processingBy, holder))
  const unclaimed = (now: Date) =>
    or(isNull(stories.processingUntil), lte(stories.processingUntil, now))

  return {
    /** One conditional UPDATE: on PostgreSQL a racing process waits for the row, re-checks and gets nothing. */
    async claim(id: string, now: Date, until: Date) {
      const [story] = await db
        .update(stories)
        .set({ processingBy: holder, processingUntil: until })
        .where(
          and(
            eq(stories.id, id),
            eq(stories.processed, false),
            eq(stories.kind, "video"),
            unclaimed(now),
          ),
        )
        .returning()
      return story ?? null
    },
    async renew(id: string, until: Date) {
      await db.update(stories).set({ processingUntil: until }).where(mine(id))
    },
    async release(id: string) {
      await db.update(stories).set({ processingBy: null, processingUntil: null }).where(mine(id))
    },
    async publishAsSent(id: string) {
      await db
        .update(stories)
        .set({ processed: true, processingBy: null, processingUntil: null })
        .where(and(eq(stories.id, id), eq(stories.processed, false)))
    },
    /** The web rendition and poster replace the upload; false when the story is gone or done. */
    async publish(id: string, files: { fileKey: string; posterKey: string }) {
      const updated = await db
        .update(stories)
        .set({ ...files, processed: true, processingBy: null, processingUntil: null })
        .where(and(eq(stories.id, id), eq(stories.processed, false)))
        .returning({ id: stories.id })
      return updated.length > 0
    },
    /**
     * Uploads still waiting for ffmpeg (no poster yet: the demo's "processando" story has one
     * and stays as seeded) that no process is working on.
     */
    pending(now: Date) {
      return db
        .select({ id: stories.id })
        .from(stories)
        .where(
          and(
            eq(stories.processed, false),
            eq(stories.kind, "video"),
            isNull(stories.posterKey),
            unclaimed(now),
          ),
        )
    },
  }
}
