import { spawn } from "node:child_process"
import { constants, createReadStream, createWriteStream } from "node:fs"
import { access, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { pipeline } from "node:stream/promises"
import { and, eq, isNull } from "drizzle-orm"
import type { FastifyBaseLogger } from "fastify"
import type { VideoProcessing } from "../../../../src/domain/studio.ts"
import type { Storage } from "../../adapters/storage/storage.ts"
import type { Database } from "../../db/client.ts"
import { stories } from "../../db/schema.ts"

/** A stuck ffmpeg is killed after this long; the story is then published as sent. */
const ffmpegTimeoutMs = 10 * 60_000

export interface MediaProcessor {
  readonly videoProcessing: VideoProcessing
  /** Queues a story video for its poster and web rendition (one at a time: the machine is small). */
  enqueueStory(storyId: string): void
  /** Queues the videos a previous run left unprocessed. */
  resume(): Promise<void>
  /** Resolves once the queue is empty. */
  idle(): Promise<void>
}

/** The first `ffmpeg` on PATH, or null. */
export async function findFfmpeg(envPath = process.env.PATH ?? ""): Promise<string | null> {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, "ffmpeg")
    try {
      await access(candidate, constants.X_OK)
      return candidate
    } catch {
      // Not in this folder.
    }
  }
  return null
}

function run(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000)
    })
    const timer = setTimeout(() => child.kill("SIGKILL"), ffmpegTimeoutMs)
    child.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on("close", (code) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else reject(new Error(`ffmpeg saiu com ${code}: ${stderr.trim()}`))
    })
  })
}

const quiet = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]

/** First frame, at most 1080 px wide. */
const posterArgs = (input: string, output: string) => [
  ...quiet,
  "-i",
  input,
  "-frames:v",
  "1",
  "-vf",
  "scale='min(1080,iw)':-2",
  "-q:v",
  "3",
  output,
]

/** H.264/AAC at most 720 px wide with the index up front, so phones start playing at once. */
const renditionArgs = (input: string, output: string) => [
  ...quiet,
  "-i",
  input,
  "-vf",
  "scale='min(720,iw)':-2",
  "-c:v",
  "libx264",
  "-preset",
  "veryfast",
  "-crf",
  "26",
  "-pix_fmt",
  "yuv420p",
  "-c:a",
  "aac",
  "-b:a",
  "96k",
  "-movflags",
  "+faststart",
  output,
]

export function createMediaProcessor(deps: {
  ffmpegPath: string | null
  db: Database
  storage: Storage
  log: FastifyBaseLogger
}): MediaProcessor {
  const { ffmpegPath: ffmpeg, db, storage, log } = deps
  let queue: Promise<void> = Promise.resolve()

  const publishAsSent = (id: string) =>
    db
      .update(stories)
      .set({ processed: true })
      .where(and(eq(stories.id, id), eq(stories.processed, false)))

  const processStory = async (binary: string, id: string) => {
    const [story] = await db.select().from(stories).where(eq(stories.id, id))
    if (!story || story.processed || story.kind !== "video") return
    const dir = await mkdtemp(path.join(tmpdir(), "closer-video-"))
    try {
      const input = path.join(dir, "input")
      const poster = path.join(dir, "poster.jpg")
      const web = path.join(dir, "web.mp4")
      await pipeline(storage.read(story.fileKey), createWriteStream(input))
      await run(binary, posterArgs(input, poster))
      await run(binary, renditionArgs(input, web))
      const base = story.fileKey.replace(/\.[a-z0-9]+$/, "")
      const posterKey = `${base}-poster.jpg`
      const webKey = `${base}-web.mp4`
      await storage.put(posterKey, createReadStream(poster))
      await storage.put(webKey, createReadStream(web))
      const updated = await db
        .update(stories)
        .set({ fileKey: webKey, posterKey, processed: true })
        .where(and(eq(stories.id, id), eq(stories.processed, false)))
        .returning({ id: stories.id })
      // Deleted while processing: drop what was made for it.
      const obsolete = updated.length ? [story.fileKey] : [posterKey, webKey]
      await Promise.all(obsolete.map((key) => storage.delete(key)))
    } catch (err) {
      log.warn({ err, storyId: id }, "ffmpeg falhou; o story é publicado como enviado")
      await publishAsSent(id)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  const enqueueStory = (storyId: string) => {
    if (!ffmpeg) return
    queue = queue
      .then(() => processStory(ffmpeg, storyId))
      .catch((err) => log.error({ err, storyId }, "processamento de story falhou"))
  }

  return {
    videoProcessing: ffmpeg ? "ffmpeg" : "unavailable",
    enqueueStory,
    async resume() {
      if (!ffmpeg) return
      // An upload waiting for ffmpeg has no poster yet; the demo's "processando" story has one
      // and stays as seeded.
      const pending = await db
        .select({ id: stories.id })
        .from(stories)
        .where(
          and(eq(stories.processed, false), eq(stories.kind, "video"), isNull(stories.posterKey)),
        )
      for (const row of pending) enqueueStory(row.id)
    },
    async idle() {
      // Work queued while waiting extends the queue; wait until it stops growing.
      for (let current = queue; ; current = queue) {
        await current
        if (current === queue) return
      }
    },
  }
}
