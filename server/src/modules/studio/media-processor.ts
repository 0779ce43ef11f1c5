import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { constants, createWriteStream } from "node:fs"
import { access, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { pipeline } from "node:stream/promises"
import type { FastifyBaseLogger } from "fastify"
import { storyFileTypeMessage, type VideoProcessing } from "../../../../src/domain/studio.ts"
import { renderImage } from "../../adapters/images/image-pipeline.ts"
import { storageKeysOf } from "../../adapters/images/image-ref.ts"
import { imageRefFor, storeRenditions } from "../../adapters/images/store-image.ts"
import { fileBody, type Storage } from "../../adapters/storage/storage.ts"
import type { Clock } from "../../clock.ts"
import type { Database } from "../../db/client.ts"
import { processHolder } from "../../jobs/job-runner.ts"
import { createVideoClaimsRepository } from "./video-claims.repository.ts"

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
  /** Resumes now and then every minute, picking up videos whose claim lapsed. */
  start(): void
  /** Takes nothing more, stops ffmpeg and hands the story being processed back to the others. */
  stop(): Promise<void>
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

function run(binary: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"], signal })
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

/**
 * Nothing of the original's metadata (where it was recorded, the phone, the date, chapters)
 * reaches an output, and ffmpeg adds no version tags of its own.
 */
const noMetadata = [
  ...["-map_metadata", "-1", "-map_chapters", "-1"],
  ...["-fflags", "+bitexact", "-flags:v", "+bitexact"],
]

/** First frame, at most 1080 px wide. */
const posterArgs = (input: string, output: string) => [
  ...quiet,
  "-i",
  input,
  ...noMetadata,
  "-frames:v",
  "1",
  "-vf",
  "scale='min(1080,iw)':-2",
  "-q:v",
  "3",
  output,
]

/**
 * H.264/AAC at most 720 px wide with the index up front, so phones start playing at once; one
 * picture and one sound, without subtitle or data tracks (a camera's GPS track is one).
 */
const renditionArgs = (input: string, output: string) => [
  ...quiet,
  "-i",
  input,
  ...noMetadata,
  ...["-flags:a", "+bitexact", "-sn", "-dn"],
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

/** How long a claim on a story lasts without renewal; a process renews it while ffmpeg works. */
export const claimLeaseMs = 2 * 60_000
const claimRenewMs = 30_000
/** Every process looks for videos nobody is working on this often (a killed replica's, say). */
const sweepMs = 60_000

export function createMediaProcessor(deps: {
  ffmpegPath: string | null
  db: Database
  storage: Storage
  clock: Clock
  log: FastifyBaseLogger
  /** Names this process in its claims; a random id by default. */
  holder?: string
  /** false (MEDIA_WORKER=off): videos stay queued, unprocessed, for a worker process. */
  worker?: boolean
}): MediaProcessor {
  const { db, storage, clock, log } = deps
  const worker = deps.worker ?? true
  const ffmpeg = worker ? deps.ffmpegPath : null
  const holder = deps.holder ?? processHolder()
  const abort = new AbortController()
  const queued = new Set<string>()
  let queue: Promise<void> = Promise.resolve()
  let sweeper: NodeJS.Timeout | null = null

  const leaseEnd = () => new Date(clock.now().getTime() + claimLeaseMs)
  const claims = createVideoClaimsRepository(db, holder)
  const claim = (id: string) => claims.claim(id, clock.now(), leaseEnd())
  const release = (id: string) => claims.release(id)
  const publishAsSent = (id: string) => claims.publishAsSent(id)

  const processStory = async (binary: string, id: string) => {
    const story = await claim(id)
    // Done, deleted, or another process is on it.
    if (!story) return
    const renew = setInterval(() => {
      claims
        .renew(id, leaseEnd())
        .catch((err: unknown) =>
          log.warn({ err, storyId: id }, "não foi possível renovar o processamento"),
        )
    }, claimRenewMs)
    renew.unref()
    const dir = await mkdtemp(path.join(tmpdir(), "closer-video-"))
    // Keys of this attempt only: whatever happens to another attempt at the same story, cleaning
    // up after this one never touches files another process has published.
    const base = `${story.fileKey.replace(/\.[a-z0-9]+$/, "")}-${randomBytes(4).toString("hex")}`
    const webKey = `${base}-web.mp4`
    // Known once the poster is rendered; until then there is nothing of it to clean up.
    let posterKey: string | null = null
    const madeHere = () => [webKey, ...(posterKey ? storageKeysOf(posterKey) : [])]
    let published = false
    try {
      const input = path.join(dir, "input")
      const poster = path.join(dir, "poster.jpg")
      const web = path.join(dir, "web.mp4")
      await pipeline(storage.read(story.fileKey), createWriteStream(input))
      await run(binary, posterArgs(input, poster), abort.signal)
      await run(binary, renditionArgs(input, web), abort.signal)
      // The poster is shown as an image story is: renditions, no metadata.
      const posterImage = await renderImage(poster, "story", storyFileTypeMessage)
      posterKey = imageRefFor(`${base}-poster`, posterImage)
      await storeRenditions((key, data) => storage.put(key, data), `${base}-poster`, posterImage)
      await storage.put(webKey, await fileBody(web))
      published = await claims.publish(id, { fileKey: webKey, posterKey })
      // Deleted while processing (or finished by a process whose claim outlived ours): drop
      // what was made here; otherwise the original is no longer needed.
      await Promise.all(
        (published ? [story.fileKey] : madeHere()).map((key) => storage.delete(key)),
      )
    } catch (err) {
      if (published) {
        log.warn({ err, storyId: id }, "o vídeo original não pôde ser apagado")
        return
      }
      await Promise.allSettled(madeHere().map((key) => storage.delete(key)))
      if (abort.signal.aborted) {
        // Shutting down: another process picks the video up at once.
        await release(id)
      } else {
        log.warn({ err, storyId: id }, "ffmpeg falhou; o story é publicado como enviado")
        await publishAsSent(id)
      }
    } finally {
      clearInterval(renew)
      await rm(dir, { recursive: true, force: true })
    }
  }

  const enqueueStory = (storyId: string) => {
    if (!ffmpeg || abort.signal.aborted || queued.has(storyId)) return
    queued.add(storyId)
    queue = queue
      .then(() => (abort.signal.aborted ? undefined : processStory(ffmpeg, storyId)))
      .catch((err) => log.error({ err, storyId }, "processamento de story falhou"))
      .finally(() => queued.delete(storyId))
  }

  const resume = async () => {
    if (!ffmpeg || abort.signal.aborted) return
    // Videos another process is working on are left to it.
    const pending = await claims.pending(clock.now())
    for (const row of pending) enqueueStory(row.id)
  }

  const idle = async () => {
    // Work queued while waiting extends the queue; wait until it stops growing.
    for (let current = queue; ; current = queue) {
      await current
      if (current === queue) return
    }
  }

  return {
    // A web replica promises what its worker does: the video waits, "processando", for it.
    videoProcessing: ffmpeg || !worker ? "ffmpeg" : "unavailable",
    enqueueStory,
    resume,
    idle,
    start() {
      if (!ffmpeg || sweeper) return
      void resume().catch((err: unknown) =>
        log.error({ err }, "não foi possível retomar os vídeos"),
      )
      sweeper = setInterval(() => {
        resume().catch((err: unknown) => log.error({ err }, "não foi possível retomar os vídeos"))
      }, sweepMs)
      sweeper.unref()
    },
    async stop() {
      if (sweeper) clearInterval(sweeper)
      sweeper = null
      abort.abort()
      await idle()
    },
  }
}
