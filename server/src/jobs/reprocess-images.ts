import { and, asc, eq, or, sql } from "drizzle-orm"
import type { ImageUse } from "../../../src/domain/images.ts"
import { renderImage } from "../adapters/images/image-pipeline.ts"
import { isImageRef, storageKeysOf } from "../adapters/images/image-ref.ts"
import { imageRefFor, storeRenditions } from "../adapters/images/store-image.ts"
import { rowsOf } from "../db/client.ts"
import { payments } from "../db/schema-billing.ts"
import { highlights, medias, profiles, stories } from "../db/schema.ts"
import type { Job } from "./job-runner.ts"
import { createReceiptReprocessing } from "./reprocess-receipts.ts"
import {
  after,
  baseBeside,
  batchSize,
  plain,
  readStored,
  walk,
  type ReprocessDeps,
} from "./reprocess-rows.ts"

/** A run stops taking new rows after this long; the next run goes on from the start. */
const runBudgetMs = 8 * 60_000

export type ReprocessCounts = Record<"images" | "receipts" | "skipped", number>

/**
 * Renders the images stored before the pipeline existed (rows whose columns hold plain keys, not
 * image refs) and the receipts stored as the buyer sent them, replaces what is served, then
 * deletes the originals. Each row is replaced by one conditional UPDATE (the old key must still
 * be there): a replica that loses the race, or a row changed meanwhile, deletes only the files
 * it made. A file that cannot be read is left as it is, and logged.
 */
export function createImageReprocessor(deps: ReprocessDeps) {
  const { db, storage, log } = deps
  const put = (key: string, data: Buffer) => storage.put(key, data)

  const readAll = (key: string) => readStored(storage, key)
  const receipts = createReceiptReprocessing(deps)

  /** Renders a stored plain file for `use` beside it; null when it cannot be read as an image. */
  const render = async (key: string, use: ImageUse, base = baseBeside(key)) => {
    try {
      const image = await renderImage(await readAll(key), use, "imagem ilegível")
      return { image, ref: imageRefFor(base, image), base }
    } catch (err) {
      log.warn({ err, key }, "imagem antiga não pôde ser reprocessada; fica como está")
      return null
    }
  }

  /** Whether any row still shows `key` (one upload may serve two columns). */
  const stillShown = async (key: string) => {
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
  }

  /** After a replacement: the old files nobody shows any more go. */
  const dropOld = async (keys: Array<string | null>) => {
    for (const key of new Set(keys.filter((k): k is string => !!k && !isImageRef(k)))) {
      if (!(await stillShown(key))) await storage.delete(key)
    }
  }

  /** Stores renditions, runs the conditional update, and cleans up after whichever way it went. */
  const replace = async (
    made: Array<{ image: Awaited<ReturnType<typeof renderImage>>; ref: string; base: string }>,
    update: () => Promise<boolean>,
    oldKeys: Array<string | null>,
  ) => {
    try {
      for (const { image, base } of made) await storeRenditions(put, base, image)
      if (await update()) {
        await dropOld(oldKeys)
        return true
      }
    } catch (err) {
      log.warn({ err }, "não foi possível trocar a imagem antiga")
    }
    await Promise.allSettled(
      made.flatMap(({ ref }) => storageKeysOf(ref)).map((key) => storage.delete(key)),
    )
    return false
  }

  const mediaRows = (id: string) =>
    db
      .select()
      .from(medias)
      .where(and(after(medias.id, id), or(plain(medias.fileKey), plain(medias.thumbKey))))
      .orderBy(asc(medias.id))
      .limit(batchSize)

  const photo = async (row: typeof medias.$inferSelect) => {
    const full = await render(row.fileKey, "photo")
    const grid = full && (await render(row.fileKey, "grid", `${full.base}-grid`))
    if (!full || !grid) return false
    const update = async () => {
      const done = await db
        .update(medias)
        .set({
          fileKey: full.ref,
          thumbKey: grid.ref,
          thumbWebpKey: null,
          thumbAvifKey: null,
          width: full.image.source.width,
          height: full.image.source.height,
        })
        .where(
          and(
            eq(medias.id, row.id),
            eq(medias.fileKey, row.fileKey),
            eq(medias.thumbKey, row.thumbKey),
          ),
        )
        .returning({ id: medias.id })
      return done.length > 0
    }
    return replace([full, grid], update, [
      row.fileKey,
      row.thumbKey,
      row.thumbWebpKey,
      row.thumbAvifKey,
    ])
  }

  const storyRows = (id: string) =>
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
      .limit(batchSize)

  const story = async (row: typeof stories.$inferSelect) => {
    const isImage = row.kind === "image"
    const source = isImage ? row.fileKey : row.posterKey!
    const made = await render(source, "story")
    if (!made) return false
    const update = async () => {
      const done = await db
        .update(stories)
        .set(isImage ? { fileKey: made.ref, posterKey: made.ref } : { posterKey: made.ref })
        .where(
          and(
            eq(stories.id, row.id),
            isImage ? eq(stories.fileKey, row.fileKey) : eq(stories.posterKey, source),
          ),
        )
        .returning({ id: stories.id })
      return done.length > 0
    }
    return replace([made], update, isImage ? [row.fileKey, row.posterKey] : [row.posterKey])
  }

  const highlightRows = (id: string) =>
    db
      .select()
      .from(highlights)
      .where(and(after(highlights.id, id), plain(highlights.coverKey)))
      .orderBy(asc(highlights.id))
      .limit(batchSize)

  const cover = async (row: typeof highlights.$inferSelect) => {
    const made = await render(row.coverKey!, "cover")
    if (!made) return false
    const update = async () => {
      const done = await db
        .update(highlights)
        .set({ coverKey: made.ref })
        .where(and(eq(highlights.id, row.id), eq(highlights.coverKey, row.coverKey!)))
        .returning({ id: highlights.id })
      return done.length > 0
    }
    return replace([made], update, [row.coverKey])
  }

  const profileRows = (id: string) =>
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
      .limit(batchSize)

  const picture = async (
    row: typeof profiles.$inferSelect,
    column: "profilePicKey" | "bannerPicKey",
  ) => {
    const key = row[column]
    if (!key || isImageRef(key)) return null
    const made = await render(key, column === "profilePicKey" ? "avatar" : "banner")
    if (!made) return false
    const update = async () => {
      const done = await db
        .update(profiles)
        .set({ [column]: made.ref })
        .where(and(eq(profiles.id, row.id), eq(profiles[column], key)))
        .returning({ id: profiles.id })
      return done.length > 0
    }
    return replace([made], update, [key])
  }

  return {
    /** One pass over every table; stops early once `budgetMs` has gone by. */
    async run(options: { budgetMs?: number } = {}): Promise<ReprocessCounts> {
      const started = deps.clock.now().getTime()
      const overBudget = () =>
        deps.clock.now().getTime() - started > (options.budgetMs ?? runBudgetMs)
      const counts: ReprocessCounts = { images: 0, receipts: 0, skipped: 0 }
      const count = (done: boolean | null, kind: "images" | "receipts" = "images") => {
        if (done === true) counts[kind]++
        else if (done === false) counts.skipped++
      }
      const each = async <T extends { id: string }>(
        read: (after: string) => Promise<T[]>,
        handle: (row: T) => Promise<void>,
      ) => {
        for await (const row of walk(read)) {
          if (overBudget()) return
          await handle(row)
        }
      }
      await each(mediaRows, async (row) => count(await photo(row)))
      await each(storyRows, async (row) => count(await story(row)))
      await each(highlightRows, async (row) => count(await cover(row)))
      await each(profileRows, async (row) => {
        count(await picture(row, "profilePicKey"))
        count(await picture(row, "bannerPicKey"))
      })
      await each(receipts.rows, async (row) => count(await receipts.handle(row), "receipts"))
      if (counts.images || counts.receipts || counts.skipped)
        log.info({ ...counts }, "imagens antigas reprocessadas")
      return counts
    },
  }
}

const minute = 60_000

/** Runs at start-up and every 10 minutes; a pass that finds nothing costs a few queries. */
export function imageJobs(reprocessor: ReturnType<typeof createImageReprocessor>): Job[] {
  return [
    {
      name: "images.reprocess",
      intervalMs: 10 * minute,
      maxRunMs: 15 * minute,
      run: () => reprocessor.run(),
    },
  ]
}
