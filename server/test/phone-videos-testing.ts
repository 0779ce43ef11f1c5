import { execFile } from "node:child_process"
import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { promisify } from "node:util"
import { sampleVideo } from "./studio-testing.ts"

/** Test support for story videos' metadata, with Debian's ffmpeg and ffprobe. */

const run = promisify(execFile)

/** Where a phone says the video was recorded (ISO 6709), and the phone's make. */
export const phoneLocation = "+12.3456-045.6789/"
export const phoneMake = "Phone"

/**
 * The demo video as a phone would send it, as MP4 (the location and make as Apple writes them,
 * mdta keys, so the text is in the file's bytes) and as WebM (in its Tags).
 */
export async function makePhoneVideos(ffmpeg: string, dir: string) {
  const tagged = ["-metadata", `location=${phoneLocation}`, "-metadata", `make=${phoneMake}`]
  const quiet = ["-v", "error", "-y"]
  const original = path.join(dir, "original.mp4")
  await writeFile(original, sampleVideo)
  const mp4 = path.join(dir, "phone.mp4")
  await run(ffmpeg, [
    ...[...quiet, "-i", original, "-c", "copy", ...tagged],
    ...["-movflags", "+use_metadata_tags", mp4],
  ])
  const webm = path.join(dir, "phone.webm")
  await run(ffmpeg, [
    ...[...quiet, "-f", "lavfi", "-i", "testsrc=size=160x120:duration=1:rate=10"],
    ...["-c:v", "libvpx", "-b:v", "200k", ...tagged, webm],
  ])
  return { mp4: await readFile(mp4), webm: await readFile(webm) }
}

/** Whether the bytes hold the location or the make anywhere. */
export const carriesPhoneData = (data: Buffer) =>
  data.includes(phoneLocation) || data.includes(phoneMake)

/**
 * What ffprobe reads in `data` (saved as `name` in `dir`): the tags naming a location or a make,
 * on the file or on any stream, and the streams' codecs.
 */
export async function probePhoneData(ffmpeg: string, data: Buffer, dir: string, name: string) {
  const file = path.join(dir, name)
  await writeFile(file, data)
  const { stdout } = await run(path.join(path.dirname(ffmpeg), "ffprobe"), [
    ...["-v", "error", "-of", "json", "-show_format", "-show_streams", file],
  ])
  const info = JSON.parse(stdout) as {
    format: { tags?: Record<string, string> }
    streams: Array<{ codec_type: string; codec_name: string; tags?: Record<string, string> }>
  }
  const tags = [info.format.tags, ...info.streams.map((s) => s.tags)].flatMap((t) =>
    Object.entries(t ?? {}),
  )
  return {
    phoneTags: tags.filter(
      ([key, value]) =>
        /location|make/i.test(key) || value.includes(phoneLocation) || value === phoneMake,
    ),
    streams: info.streams.map((s) => `${s.codec_type}:${s.codec_name}`),
  }
}

/** Decodes every frame: an error in the stream fails the run. */
export async function decodesWhole(ffmpeg: string, data: Buffer, dir: string, name: string) {
  const file = path.join(dir, name)
  await writeFile(file, data)
  await run(ffmpeg, ["-v", "error", "-xerror", "-i", file, "-f", "null", "-"])
}
