import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm"
import { decodeCursor } from "../../../../src/domain/cursor.ts"
import type { Executor } from "../../db/client.ts"
import { afterCursor, cursorAt, pageOf } from "../../db/keyset.ts"
import { medias, stories, storyViews } from "../../db/schema.ts"

const lazy = <T>(make: () => T) => {
  let made: T | undefined
  return () => (made ??= make())
}

/**
 * A creator's photos and stories a page at a time (see db/keyset.ts). Every page reads
 * `limit + 1` rows along the index on (profile_id, created_at, id).
 */
export function createContentPagesRepository(db: Executor) {
  // The photo grid's pages are every subscriber's first read: prepared, parsed and planned once
  // per connection; the first page and the later ones differ by the cursor's condition.
  const mediaPage = (where: SQL | undefined, name: string) =>
    db
      .select({ media: medias, at: cursorAt(medias.createdAt) })
      .from(medias)
      .where(
        and(eq(medias.profileId, sql.placeholder("profileId")), isNull(medias.scheduledFor), where),
      )
      .orderBy(desc(medias.createdAt), desc(medias.id))
      .limit(sql.placeholder("limit"))
      .prepare(name)
  const prepared = lazy(() => ({
    first: mediaPage(undefined, "content_medias_first"),
    next: mediaPage(
      sql`(${medias.createdAt}, ${medias.id}) < (${sql.placeholder("at")}::timestamptz, ${sql.placeholder("id")}::uuid)`,
      "content_medias_next",
    ),
  }))

  return {
    /** Newest first, the same for every subscriber (the viewer's likes come apart). */
    async medias(profileId: string, cursor: string | undefined, limit: number) {
      const position = cursor ? decodeCursor(cursor) : null
      const params = { profileId, limit: limit + 1 }
      const rows = position
        ? await prepared().next.execute({ ...params, ...position })
        : await prepared().first.execute(params)
      return pageOf(rows, limit, (row) => row.media.id)
    },

    /** Oldest first, as the player plays them; with `withViews` (the creator), who saw each. */
    async stories(
      profileId: string,
      withViews: boolean,
      cursor: string | undefined,
      limit: number,
    ) {
      const rows = await db
        .select({
          story: stories,
          views: withViews
            ? sql<number>`(select count(*) from ${storyViews} sv where sv.story_id = "stories"."id")`.mapWith(
                Number,
              )
            : sql<null>`null`,
          at: cursorAt(stories.createdAt),
        })
        .from(stories)
        .where(
          and(
            eq(stories.profileId, profileId),
            isNull(stories.scheduledFor),
            afterCursor(stories.createdAt, stories.id, cursor, "asc"),
          ),
        )
        .orderBy(asc(stories.createdAt), asc(stories.id))
        .limit(limit + 1)
      return pageOf(rows, limit, (row) => row.story.id)
    },
  }
}
