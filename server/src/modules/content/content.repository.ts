import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { subscriptions } from "../../db/schema-billing.ts"
import {
  highlights,
  highlightStories,
  mediaLikes,
  medias,
  stories,
  storyViews,
} from "../../db/schema.ts"

export type StoryRow = typeof stories.$inferSelect
export type MediaRow = typeof medias.$inferSelect

export function createContentRepository(db: Executor) {
  return {
    async counts(profileId: string) {
      const [mediaCount, highlightCount, storyCount] = await Promise.all([
        db.$count(medias, eq(medias.profileId, profileId)),
        db.$count(highlights, eq(highlights.profileId, profileId)),
        db.$count(stories, eq(stories.profileId, profileId)),
      ])
      return { medias: mediaCount, highlights: highlightCount, stories: storyCount }
    },

    /** Oldest first: the player starts at the first story newer than the viewer's last visit. */
    stories(profileId: string) {
      return db
        .select()
        .from(stories)
        .where(eq(stories.profileId, profileId))
        .orderBy(asc(stories.createdAt), asc(stories.id))
    },

    async story(id: string) {
      const [row] = await db.select().from(stories).where(eq(stories.id, id))
      return row ?? null
    },

    async viewCounts(storyIds: string[]) {
      if (storyIds.length === 0) return new Map<string, number>()
      const rows = await db
        .select({ storyId: storyViews.storyId, users: count() })
        .from(storyViews)
        .where(inArray(storyViews.storyId, storyIds))
        .groupBy(storyViews.storyId)
      return new Map(rows.map((row) => [row.storyId, row.users]))
    },

    async recordView(storyId: string, accountId: string, now: Date) {
      await db
        .insert(storyViews)
        .values({ storyId, accountId, createdAt: now })
        .onConflictDoNothing()
    },

    /** Newest first, each with whether `viewerId` liked it. */
    medias(profileId: string, viewerId: string | null) {
      const liked = viewerId
        ? sql<boolean>`exists (select 1 from ${mediaLikes} where ${mediaLikes.mediaId} = ${medias.id} and ${mediaLikes.accountId} = ${viewerId})`
        : sql<boolean>`false`
      return db
        .select({ media: medias, hasLiked: liked.mapWith(Boolean) })
        .from(medias)
        .where(eq(medias.profileId, profileId))
        .orderBy(desc(medias.createdAt), desc(medias.id))
    },

    async media(id: string) {
      const [row] = await db.select().from(medias).where(eq(medias.id, id))
      return row ?? null
    },

    async like(mediaId: string, accountId: string, now: Date) {
      await db
        .insert(mediaLikes)
        .values({ mediaId, accountId, createdAt: now })
        .onConflictDoNothing()
    },

    async unlike(mediaId: string, accountId: string) {
      await db
        .delete(mediaLikes)
        .where(and(eq(mediaLikes.mediaId, mediaId), eq(mediaLikes.accountId, accountId)))
    },

    async highlights(profileId: string) {
      return db
        .select({
          id: highlights.id,
          title: highlights.title,
          coverKey: highlights.coverKey,
          storiesCount:
            sql<number>`(select count(*) from ${highlightStories} where ${highlightStories.highlightId} = ${highlights.id})`.mapWith(
              Number,
            ),
        })
        .from(highlights)
        .where(eq(highlights.profileId, profileId))
        .orderBy(asc(highlights.position), asc(highlights.createdAt))
    },

    async highlightStories(highlightIds: string[]) {
      if (highlightIds.length === 0) return []
      return db
        .select({ highlightId: highlightStories.highlightId, story: stories })
        .from(highlightStories)
        .innerJoin(stories, eq(stories.id, highlightStories.storyId))
        .where(inArray(highlightStories.highlightId, highlightIds))
        .orderBy(asc(highlightStories.position), asc(stories.createdAt))
    },

    async subscription(accountId: string, profileId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.profileId, profileId)))
      return row ?? null
    },
  }
}
