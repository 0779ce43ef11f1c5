import { and, asc, eq, gt, isNotNull, not, or, sql, type AnyColumn } from "drizzle-orm"
import { rowsOf, type Database } from "../db/client.ts"
import { payments } from "../db/schema-billing.ts"
import { highlights, medias, profiles, stories } from "../db/schema.ts"

/** Rows read at a time from each table. */
export const batchSize = 20

/** A column holding a plain key: a file stored as it came, not yet an image ref. */
const plain = (column: AnyColumn) => sql`${column} is not null and ${column} not like 'img:%'`
/** Rows past `id` in id order (all of them for ""). */
const after = (column: AnyColumn, id: string) => (id ? gt(column, id) : sql`true`)

export type MediaRow = typeof medias.$inferSelect
export type StoryRow = typeof stories.$inferSelect
export type HighlightRow = typeof highlights.$inferSelect
export type ProfileRow = typeof profiles.$inferSelect

/** Whether a conditional update found its row unchanged and replaced it. */
const replaced = (rows: unknown[]) => rows.length > 0

/**
 * The rows still holding files stored before the image pipeline (or receipts as the buyer sent
 * them), read `batchSize` at a time in id order, and their replacement: each UPDATE holds only
 * while the row still shows the old key, so a replica that lost the race changes nothing.
 */
export function createReprocessRepository(db: Database) {
  return {
    mediaRows: (id: string) =>
      db
        .select()
        .from(medias)
        .where(and(after(medias.id, id), or(plain(medias.fileKey), plain(medias.thumbKey))))
        .orderBy(asc(medias.id))
        .limit(batchSize),

    async replaceMedia(
      row: MediaRow,
      set: { fileKey: string; thumbKey: string; width: number; height: number },
    ) {
      const done = await db
        .update(medias)
        .set({ ...set, thumbWebpKey: null, thumbAvifKey: null })
        .where(
          and(
            eq(medias.id, row.id),
            eq(medias.fileKey, row.fileKey),
            eq(medias.thumbKey, row.thumbKey),
          ),
        )
        .returning({ id: medias.id })
      return replaced(done)
    },

    storyRows: (id: string) =>
      db
        .select()
        .from(stories)
        .where(
          and(
            after(stories.id, id),
            or(
              and(eq(stories.kind, "image"), plain(stories.fileKey)),
              and(eq(stories.kind, "video"), plain(stories.posterKey)),
            ),
          ),
        )
        .orderBy(asc(stories.id))
        .limit(batchSize),

    /** An image story's file and poster, or a video story's poster, become `ref`. */
    async replaceStory(row: StoryRow, ref: string) {
      const isImage = row.kind === "image"
      const done = await db
        .update(stories)
        .set(isImage ? { fileKey: ref, posterKey: ref } : { posterKey: ref })
        .where(
          and(
            eq(stories.id, row.id),
            isImage ? eq(stories.fileKey, row.fileKey) : eq(stories.posterKey, row.posterKey!),
          ),
        )
        .returning({ id: stories.id })
      return replaced(done)
    },

    highlightRows: (id: string) =>
      db
        .select()
        .from(highlights)
        .where(and(after(highlights.id, id), plain(highlights.coverKey)))
        .orderBy(asc(highlights.id))
        .limit(batchSize),

    async replaceCover(row: HighlightRow, ref: string) {
      const done = await db
        .update(highlights)
        .set({ coverKey: ref })
        .where(and(eq(highlights.id, row.id), eq(highlights.coverKey, row.coverKey!)))
        .returning({ id: highlights.id })
      return replaced(done)
    },

    profileRows: (id: string) =>
      db
        .select()
        .from(profiles)
        .where(
          and(
            after(profiles.id, id),
            or(plain(profiles.profilePicKey), plain(profiles.bannerPicKey)),
          ),
        )
        .orderBy(asc(profiles.id))
        .limit(batchSize),

    async replacePicture(
      row: ProfileRow,
      column: "profilePicKey" | "bannerPicKey",
      old: string,
      ref: string,
    ) {
      const done = await db
        .update(profiles)
        .set({ [column]: ref })
        .where(and(eq(profiles.id, row.id), eq(profiles[column], old)))
        .returning({ id: profiles.id })
      return replaced(done)
    },

    /** Payments whose receipt has not been written again under a key with `cleanSuffix`. */
    receiptRows: (id: string, cleanSuffix: string) =>
      db
        .select({ id: payments.id, receiptKey: payments.receiptKey })
        .from(payments)
        .where(
          and(
            after(payments.id, id),
            isNotNull(payments.receiptKey),
            not(sql`${payments.receiptKey} like ${`%${cleanSuffix}.%`}`),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(batchSize),

    async replaceReceipt(paymentId: string, old: string, key: string) {
      const done = await db
        .update(payments)
        .set({ receiptKey: key })
        .where(and(eq(payments.id, paymentId), eq(payments.receiptKey, old)))
        .returning({ id: payments.id })
      return replaced(done)
    },

    /** Whether any row still shows `key` (one upload may serve two columns). */
    async stillShown(key: string) {
      const rows = await rowsOf<{ shown: boolean }>(
        db,
        sql`select
        exists(select 1 from ${medias} where ${medias.fileKey} = ${key} or ${medias.thumbKey} = ${key}
          or ${medias.thumbWebpKey} = ${key} or ${medias.thumbAvifKey} = ${key})
        or exists(select 1 from ${stories} where ${stories.fileKey} = ${key} or ${stories.posterKey} = ${key})
        or exists(select 1 from ${highlights} where ${highlights.coverKey} = ${key})
        or exists(select 1 from ${profiles} where ${profiles.profilePicKey} = ${key}
          or ${profiles.bannerPicKey} = ${key})
        or exists(select 1 from ${payments} where ${payments.receiptKey} = ${key}) as shown`,
      )
      return rows[0]?.shown === true
    },
  }
}

export type ReprocessRepository = ReturnType<typeof createReprocessRepository>
