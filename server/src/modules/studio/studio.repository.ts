import { and, asc, count, desc, eq, inArray, isNull, max, sql, type SQL } from "drizzle-orm"
import type { PaymentGateway, PixKeyType, PlanName } from "../../../../src/domain/models.ts"
import type { Executor } from "../../db/client.ts"
import {
  highlights,
  highlightStories,
  mediaLikes,
  medias,
  plans,
  profiles,
  stories,
  storyViews,
} from "../../db/schema.ts"
import type { MediaRow, ProfileRow, StoryRow } from "../../db/rows.ts"

export type HighlightRow = typeof highlights.$inferSelect

const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number)

/** Studio writes and reads that the public content queries do not cover. */
export function createStudioRepository(db: Executor) {
  return {
    /** The signed-in creator's profile; null for an account that is not a creator. */
    async ownProfile(accountId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.accountId, accountId))
      return row ?? null
    },
    /** The plans her page sells, by name. */
    activePlans(profileId: string) {
      return db
        .select({ id: plans.id, name: plans.name, valueCents: plans.valueCents })
        .from(plans)
        .where(and(eq(plans.profileId, profileId), eq(plans.active, true)))
        .orderBy(asc(plans.name))
    },
    /** The published ones, oldest first, each with how many people saw it. */
    storiesWithViews(profileId: string) {
      return db
        .select({
          story: stories,
          views: countOf(
            sql`select count(*) from ${storyViews} sv where sv.story_id = "stories"."id"`,
          ),
        })
        .from(stories)
        .where(and(eq(stories.profileId, profileId), isNull(stories.scheduledFor)))
        .orderBy(asc(stories.createdAt), asc(stories.id))
    },
    async story(id: string): Promise<StoryRow | null> {
      const [row] = await db.select().from(stories).where(eq(stories.id, id))
      return row ?? null
    },
    async media(id: string): Promise<MediaRow | null> {
      const [row] = await db.select().from(medias).where(eq(medias.id, id))
      return row ?? null
    },
    /** Every plan row of a creator, newest first: the active one, then old prices. */
    allPlans(profileId: string) {
      return db
        .select()
        .from(plans)
        .where(eq(plans.profileId, profileId))
        .orderBy(desc(plans.createdAt))
    },
    async deactivatePlan(planId: string) {
      await db.update(plans).set({ active: false }).where(eq(plans.id, planId))
    },
    async insertPlan(values: { profileId: string; name: PlanName; valueCents: number; now: Date }) {
      await db.insert(plans).values({
        profileId: values.profileId,
        name: values.name,
        valueCents: values.valueCents,
        active: true,
        createdAt: values.now,
      })
    },

    async updateReceiving(
      profileId: string,
      values: Partial<{
        paymentGateway: PaymentGateway
        pixType: PixKeyType | null
        pixKey: string | null
        migrating: boolean
      }>,
      now: Date,
    ) {
      const [row] = await db
        .update(profiles)
        .set({ ...values, updatedAt: now })
        .where(eq(profiles.id, profileId))
        .returning()
      return row!
    },

    insertStory(values: typeof stories.$inferInsert) {
      return db.insert(stories).values(values).returning()
    },
    async deleteStory(id: string) {
      await db.delete(stories).where(eq(stories.id, id))
    },
    storiesByIds(ids: string[]) {
      return ids.length
        ? db.select().from(stories).where(inArray(stories.id, ids))
        : Promise.resolve([])
    },

    /** The published ones, newest first, each with how many people liked it. */
    mediasWithLikes(profileId: string) {
      return db
        .select({ media: medias, likes: count(mediaLikes.accountId) })
        .from(medias)
        .leftJoin(mediaLikes, eq(mediaLikes.mediaId, medias.id))
        .where(and(eq(medias.profileId, profileId), isNull(medias.scheduledFor)))
        .groupBy(medias.id)
        .orderBy(desc(medias.createdAt), desc(medias.id))
    },
    async likesOf(mediaId: string) {
      return db.$count(mediaLikes, eq(mediaLikes.mediaId, mediaId))
    },
    async insertMedia(values: typeof medias.$inferInsert) {
      const [row] = await db.insert(medias).values(values).returning()
      return row!
    },
    async updateMedia(id: string, description: string | null) {
      const [row] = await db
        .update(medias)
        .set({ description })
        .where(eq(medias.id, id))
        .returning()
      return row!
    },
    async deleteMedia(id: string) {
      await db.delete(medias).where(eq(medias.id, id))
    },

    async highlight(id: string) {
      const [row] = await db.select().from(highlights).where(eq(highlights.id, id))
      return row ?? null
    },
    highlightsOf(profileId: string) {
      return db
        .select()
        .from(highlights)
        .where(eq(highlights.profileId, profileId))
        .orderBy(asc(highlights.position), asc(highlights.createdAt))
    },
    /** The creator's highlights, each with its story ids in order, in one query. */
    highlightsWithStoryIds(profileId: string) {
      return db
        .select({
          highlight: highlights,
          // Aliased: in a one-table select Drizzle leaves columns unqualified.
          storyIds: sql<string[]>`coalesce((select array_agg(hs.story_id order by hs.position)
            from ${highlightStories} hs where hs.highlight_id = "highlights"."id"), '{}')::text[]`,
        })
        .from(highlights)
        .where(eq(highlights.profileId, profileId))
        .orderBy(asc(highlights.position), asc(highlights.createdAt))
    },
    storyIdsOf(highlightIds: string[]) {
      if (highlightIds.length === 0) return Promise.resolve([])
      return db
        .select({ highlightId: highlightStories.highlightId, storyId: highlightStories.storyId })
        .from(highlightStories)
        .where(inArray(highlightStories.highlightId, highlightIds))
        .orderBy(asc(highlightStories.position))
    },
    async nextHighlightPosition(profileId: string) {
      const [row] = await db
        .select({ last: max(highlights.position) })
        .from(highlights)
        .where(eq(highlights.profileId, profileId))
      return row?.last == null ? 0 : row.last + 1
    },
    async insertHighlight(values: typeof highlights.$inferInsert) {
      const [row] = await db.insert(highlights).values(values).returning()
      return row!
    },
    async updateHighlight(id: string, values: Partial<Pick<HighlightRow, "title" | "coverKey">>) {
      const [row] = await db.update(highlights).set(values).where(eq(highlights.id, id)).returning()
      return row!
    },
    async setHighlightStories(highlightId: string, storyIds: string[]) {
      await db.delete(highlightStories).where(eq(highlightStories.highlightId, highlightId))
      if (storyIds.length) {
        await db
          .insert(highlightStories)
          .values(storyIds.map((storyId, position) => ({ highlightId, storyId, position })))
      }
    },
    async deleteHighlight(id: string) {
      await db.delete(highlights).where(and(eq(highlights.id, id)))
    },
  }
}

export type StudioRepository = ReturnType<typeof createStudioRepository>
