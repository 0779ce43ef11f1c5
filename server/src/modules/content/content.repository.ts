import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import type { MediaRow, StoryRow, SubscriptionRow } from "../../db/rows.ts"
import { viewerAccount, viewerColumns, viewerMatches } from "../../plugins/auth.repository.ts"
import { subscriptions } from "../../db/schema-billing.ts"
import {
  highlights,
  highlightStories,
  mediaLikes,
  medias,
  profiles,
  stories,
  storyViews,
} from "../../db/schema.ts"

export type { MediaRow, StoryRow, SubscriptionRow }

/** A story inside a highlight as highlightsWithStories reads it; `createdAt` as JSON gives it. */
export type HighlightStoryJson = Pick<
  StoryRow,
  "id" | "kind" | "fileKey" | "posterKey" | "processed"
> & {
  createdAt: string
}

const lazy = <T>(make: () => T) => {
  let made: T | undefined
  return () => (made ??= make())
}

const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number)

export function createContentRepository(db: Executor) {
  /**
   * A creator's profile with the viewer's subscription to her (null for a visitor or none), in
   * one query: every content read needs both to decide access.
   */
  const profileForViewer = async (where: SQL, viewerId: string | null) => {
    const [row] = await db
      .select({ profile: profiles, subscription: subscriptions })
      .from(profiles)
      .leftJoin(
        subscriptions,
        viewerId
          ? and(eq(subscriptions.profileId, profiles.id), eq(subscriptions.accountId, viewerId))
          : sql`false`,
      )
      .where(where)
    return row ?? null
  }

  // The reads of every visit to a creator's page, as prepared statements (parsed and planned
  // once per connection), made on first use; a visitor passes a null viewer, which matches none.
  const prepared = lazy(() => ({
    // The token's account comes along (see accountInQuery), and the subscription through it.
    // One row always, so a revoked token is told apart from a missing creator.
    profileForTokenByUsername: db
      .select({ profile: profiles, subscription: subscriptions, viewer: viewerColumns })
      .from(sql`(select 1) as one`)
      .leftJoin(viewerAccount, viewerMatches)
      .leftJoin(profiles, eq(profiles.username, sql.placeholder("username")))
      .leftJoin(
        subscriptions,
        and(
          eq(subscriptions.profileId, profiles.id),
          eq(subscriptions.accountId, viewerAccount.id),
        ),
      )
      .prepare("content_profile_for_token_by_username"),
    medias: db
      .select()
      .from(medias)
      .where(and(eq(medias.profileId, sql.placeholder("profileId")), isNull(medias.scheduledFor)))
      .orderBy(desc(medias.createdAt), desc(medias.id))
      .prepare("content_medias"),
  }))

  return {
    /** The three counts of the profile header, in one query. */
    /**
     * The account of the request's token (null for a visitor or a revoked token), the creator
     * (null when there is none) and the account's subscription to her, in one query.
     */
    async profileForTokenByUsername(
      username: string,
      viewer: { viewerId: string | null; tokenVersion: number | null },
    ) {
      const [row] = await prepared().profileForTokenByUsername.execute({ username, ...viewer })
      return row!
    },

    /** The creator of a published story (null when there is none), as profileForViewer. */
    profileForViewerByStory: (storyId: string, viewerId: string | null) =>
      profileForViewer(
        eq(
          profiles.id,
          sql`(select ${stories.profileId} from ${stories} where ${stories.id} = ${storyId} and ${stories.scheduledFor} is null)`,
        ),
        viewerId,
      ),

    /** The creator of a published photo (null when there is none), as profileForViewer. */
    profileForViewerByMedia: (mediaId: string, viewerId: string | null) =>
      profileForViewer(
        eq(
          profiles.id,
          sql`(select ${medias.profileId} from ${medias} where ${medias.id} = ${mediaId} and ${medias.scheduledFor} is null)`,
        ),
        viewerId,
      ),

    /**
     * Oldest first: the player starts at the first story newer than the viewer's last visit.
     * With `withViews` (the creator) each carries how many people saw it.
     */
    storiesWithViews(profileId: string, withViews: boolean) {
      return db
        .select({
          story: stories,
          views: withViews
            ? countOf(sql`select count(*) from ${storyViews} sv where sv.story_id = "stories"."id"`)
            : sql<null>`null`,
        })
        .from(stories)
        .where(and(eq(stories.profileId, profileId), isNull(stories.scheduledFor)))
        .orderBy(asc(stories.createdAt), asc(stories.id))
    },

    async story(id: string) {
      const [row] = await db
        .select()
        .from(stories)
        .where(and(eq(stories.id, id), isNull(stories.scheduledFor)))
      return row ?? null
    },

    async recordView(storyId: string, accountId: string, now: Date) {
      await db
        .insert(storyViews)
        .values({ storyId, accountId, createdAt: now })
        .onConflictDoNothing()
    },

    /** Newest first, the same for every subscriber (see likedAmong). */
    medias(profileId: string) {
      return prepared().medias.execute({ profileId })
    },

    /** The photos among `mediaIds` that `viewerId` liked, along the likes' primary key. */
    async likedAmong(viewerId: string, mediaIds: string[]): Promise<ReadonlySet<string>> {
      if (mediaIds.length === 0) return new Set()
      const rows = await db
        .select({ id: mediaLikes.mediaId })
        .from(mediaLikes)
        .where(and(eq(mediaLikes.accountId, viewerId), inArray(mediaLikes.mediaId, mediaIds)))
      return new Set(rows.map((row) => row.id))
    },

    async media(id: string) {
      const [row] = await db
        .select()
        .from(medias)
        .where(and(eq(medias.id, id), isNull(medias.scheduledFor)))
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
            sql<number>`(select count(*) from ${highlightStories} hs inner join ${stories} s on s.id = hs.story_id where hs.highlight_id = "highlights"."id" and s.scheduled_for is null)`.mapWith(
              Number,
            ),
        })
        .from(highlights)
        .where(eq(highlights.profileId, profileId))
        .orderBy(asc(highlights.position), asc(highlights.createdAt))
    },

    /**
     * As `highlights`, each with the stories inside in the player's order, in one query (the
     * stories as JSON, with the fields the answer shows).
     */
    async highlightsWithStories(profileId: string) {
      return db
        .select({
          id: highlights.id,
          title: highlights.title,
          coverKey: highlights.coverKey,
          // Written with aliases: in a one-table select Drizzle leaves columns unqualified, and an
          // unqualified "id" inside the subquery would name the story's.
          stories: sql<HighlightStoryJson[]>`coalesce((
            select json_agg(json_build_object('id', s.id, 'kind', s.kind, 'fileKey', s.file_key,
              'posterKey', s.poster_key, 'processed', s.processed, 'createdAt', s.created_at)
              order by hs.position, s.created_at)
            from ${highlightStories} hs inner join ${stories} s on s.id = hs.story_id
            where hs.highlight_id = "highlights"."id" and s.scheduled_for is null), '[]'::json)`,
        })
        .from(highlights)
        .where(eq(highlights.profileId, profileId))
        .orderBy(asc(highlights.position), asc(highlights.createdAt))
    },
  }
}
