import { isImageRef } from "../adapters/images/image-ref.ts"
import type { Job } from "./job-runner.ts"
import { createImageReplacement } from "./image-replacement.ts"
import { createReceiptReprocessing } from "./reprocess-receipts.ts"
import {
  createReprocessRepository,
  type HighlightRow,
  type MediaRow,
  type ProfileRow,
  type StoryRow,
} from "./reprocess.repository.ts"
import { walk, type ReprocessDeps } from "./reprocess-rows.ts"

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
  const { log } = deps
  const repo = createReprocessRepository(deps.db)
  const { render, replace } = createImageReplacement(deps, repo)
  const receipts = createReceiptReprocessing(deps, repo)

  const photo = async (row: MediaRow) => {
    const full = await render(row.fileKey, "photo")
    const grid = full && (await render(row.fileKey, "grid", `${full.base}-grid`))
    if (!full || !grid) return false
    const update = () =>
      repo.replaceMedia(row, {
        fileKey: full.ref,
        thumbKey: grid.ref,
        width: full.image.source.width,
        height: full.image.source.height,
      })
    return replace([full, grid], update, [
      row.fileKey,
      row.thumbKey,
      row.thumbWebpKey,
      row.thumbAvifKey,
    ])
  }

  const story = async (row: StoryRow) => {
    const isImage = row.kind === "image"
    const source = isImage ? row.fileKey : row.posterKey!
    const made = await render(source, "story")
    if (!made) return false
    const update = () => repo.replaceStory(row, made.ref)
    return replace([made], update, isImage ? [row.fileKey, row.posterKey] : [row.posterKey])
  }

  const cover = async (row: HighlightRow) => {
    const made = await render(row.coverKey!, "cover")
    if (!made) return false
    const update = () => repo.replaceCover(row, made.ref)
    return replace([made], update, [row.coverKey])
  }

  const picture = async (row: ProfileRow, column: "profilePicKey" | "bannerPicKey") => {
    const key = row[column]
    if (!key || isImageRef(key)) return null
    const made = await render(key, column === "profilePicKey" ? "avatar" : "banner")
    if (!made) return false
    const update = () => repo.replacePicture(row, column, key, made.ref)
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
      await each(repo.mediaRows, async (row) => count(await photo(row)))
      await each(repo.storyRows, async (row) => count(await story(row)))
      await each(repo.highlightRows, async (row) => count(await cover(row)))
      await each(repo.profileRows, async (row) => {
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
