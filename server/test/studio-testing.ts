import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

/** Test inputs for uploads: real media from the demo assets and hand-built multipart bodies. */

const assets = fileURLToPath(new URL("../assets/demo/", import.meta.url))

/** A real 4 s H.264 MP4 and a real JPEG. */
export const sampleVideo = readFileSync(`${assets}story-1.mp4`)
export const sampleJpeg = readFileSync(`${assets}avatar.jpg`)

/**
 * sampleVideo as an upload is stored: its one metadata box (moov/udta, holding ffmpeg's encoder
 * tag) blanked into a `free` box of the same size, everything else as it was.
 */
export const storedSampleVideo = (() => {
  const video = Buffer.from(sampleVideo)
  const at = video.indexOf("udta") - 4
  const size = video.readUInt32BE(at)
  video.write("free", at + 4, "latin1")
  video.fill(0, at + 8, at + size)
  return video
})()

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType: string }

export function multipart(...parts: Part[]) {
  const boundary = "----closer-studio-boundary"
  const chunks = parts.map((part) => {
    if ("value" in part) {
      return Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
      )
    }
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`
    return Buffer.concat([Buffer.from(head), part.content, Buffer.from("\r\n")])
  })
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  }
}

export const fileField = (
  content: Buffer,
  filename = "arquivo.bin",
  contentType = "application/octet-stream",
) => ({ name: "file", filename, content, contentType }) as const

/** Marks an upload the fake ffmpeg refuses, as a real one refuses a broken file. */
export const brokenVideoMarker = "ARQUIVO-QUEBRADO"

/**
 * A stand-in for ffmpeg with its command-line contract: reads `-i <input>`, writes the last
 * argument (a JPEG for posters and thumbnails, the input again for a rendition), notes it in
 * calls.log beside itself, and fails on a broken input. It keeps the processing paths quick
 * and lets a test make ffmpeg fail or slow; studio-real-ffmpeg.test.ts runs Debian's ffmpeg.
 */
export async function writeFakeFfmpeg(
  dir: string,
  options: { delayMs?: number } = {},
): Promise<string> {
  const { writeFile, chmod } = await import("node:fs/promises")
  const file = `${dir}/ffmpeg`
  const jpeg = `${assets}avatar.jpg`
  await writeFile(
    file,
    `#!/usr/bin/env node
const fs = require("node:fs")
const args = process.argv.slice(2)
const input = fs.readFileSync(args[args.indexOf("-i") + 1])
const output = args[args.length - 1]
// As slow as asked: long enough for two processes to overlap when a test races them.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${options.delayMs ?? 0})
fs.appendFileSync(__dirname + "/calls.log", output + "\\n")
if (input.includes(${JSON.stringify(brokenVideoMarker)})) {
  process.stderr.write("Invalid data found when processing input")
  process.exit(1)
}
if (output.endsWith(".jpg")) fs.copyFileSync(${JSON.stringify(jpeg)}, output)
else fs.writeFileSync(output, Buffer.concat([input, Buffer.from("web")]))
`,
  )
  await chmod(file, 0o755)
  return file
}
