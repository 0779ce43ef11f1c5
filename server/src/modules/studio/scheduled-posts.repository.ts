import { and, eq, isNotNull, lte, sql } from "drizzle-orm"
import type { ScheduledKind } from "../../../../src/domain/scheduled-posts.ts"
import type { Executor } from "../../db/client.ts"
import { medias, stories } from "../../db/schema.ts"

const tableOf = (kind: ScheduledKind) => (kind === "photo" ? medias : stories)

/**
 * Posts waiting for their time (scheduled_for set). Publishing is one UPDATE that sets
 * created_at to the publish time and clears scheduled_for, and only matches a row still
 * scheduled: the job on N replicas and "Publicar agora" racing it publish each post once.
 */
export function createScheduledPostsRepository(db: Executor) {
  return {
    /**
     * A creator's scheduled photos and stories together, soonest first, in one query: each with
     * its still (a photo's grid tile, a story's image or a video's poster, if it has one yet).
     */
    scheduledOf(profileId: string) {
      const photos = db
        .select({
          kind: sql<ScheduledKind>`'photo'`.as("kind"),
          id: medias.id,
          scheduledFor: medias.scheduledFor,
          media: sql<"image" | "video">`'image'`.as("media"),
          still: sql<string | null>`${medias.thumbKey}`.as("still"),
          description: medias.description,
        })
        .from(medias)
        .where(and(eq(medias.profileId, profileId), isNotNull(medias.scheduledFor)))
      const storyRows = db
        .select({
          kind: sql<ScheduledKind>`'story'`.as("kind"),
          id: stories.id,
          scheduledFor: stories.scheduledFor,
          media: sql<"image" | "video">`${stories.kind}::text`.as("media"),
          still: sql<
            string | null
          >`case when ${stories.kind} = 'image' then ${stories.fileKey} else ${stories.posterKey} end`.as(
            "still",
          ),
          description: sql<string | null>`null`.as("description"),
        })
        .from(stories)
        .where(and(eq(stories.profileId, profileId), isNotNull(stories.scheduledFor)))
      return photos.unionAll(storyRows).orderBy(sql`3 asc, 2 asc`)
    },

    /** The post's owner and its time (null time: already published); null when there is none. */
    async find(kind: ScheduledKind, id: string) {
      const table = tableOf(kind)
      const [row] = await db
        .select({ id: table.id, profileId: table.profileId, scheduledFor: table.scheduledFor })
        .from(table)
        .where(eq(table.id, id))
      return row ?? null
    },

    /** A new time for a post still scheduled; false when it was published meanwhile. */
    async reschedule(kind: ScheduledKind, id: string, at: Date) {
      const table = tableOf(kind)
      const rows = await db
        .update(table)
        .set({ scheduledFor: at })
        .where(and(eq(table.id, id), isNotNull(table.scheduledFor)))
        .returning({ id: table.id })
      return rows.length > 0
    },

    /** Publishes one post still scheduled, at `now`; false when it was published meanwhile. */
    async publish(kind: ScheduledKind, id: string, now: Date) {
      const table = tableOf(kind)
      const rows = await db
        .update(table)
        .set({ createdAt: now, scheduledFor: null })
        .where(and(eq(table.id, id), isNotNull(table.scheduledFor)))
        .returning({ id: table.id })
      return rows.length > 0
    },

    /** Publishes every post whose time has come, at `now`; the ids published by this call. */
    async publishDue(now: Date) {
      const due = (table: typeof medias | typeof stories) =>
        db
          .update(table)
          .set({ createdAt: now, scheduledFor: null })
          .where(lte(table.scheduledFor, sql`${now.toISOString()}::timestamptz`))
          .returning({ id: table.id })
      const photos = await due(medias)
      const storyRows = await due(stories)
      return { photos: photos.map((row) => row.id), stories: storyRows.map((row) => row.id) }
    },
  }
}
