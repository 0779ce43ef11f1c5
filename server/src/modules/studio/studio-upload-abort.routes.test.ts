import http from "node:http"
import { mkdtemp, readdir, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { medias, stories } from "../../db/schema.ts"
import { xsrfCookieName, xsrfHeaderName } from "../../plugins/anti-forgery.ts"
import { createTestApp, testXsrfToken, type TestApp } from "../../../test/test-app.ts"
import { fileField, multipart, sampleJpeg, sampleVideo } from "../../../test/studio-testing.ts"

/**
 * A creator who closes the tab or presses "Cancelar" halfway through a story leaves nothing
 * behind: the request really reaches the server's upload code, which then removes its
 * temporary folder and stores nothing. The app listens on a real port so the client can hang
 * up mid-body, which `inject` cannot do.
 */

let t: TestApp
let origin: string
/** This file's own temporary folder: other processes' uploads never show up in it. */
let scratch: string
const previousTmpdir = process.env.TMPDIR

beforeAll(async () => {
  t = await createTestApp({ config: { ffmpegPath: null } })
  origin = await t.app.listen({ port: 0, host: "127.0.0.1" })
  scratch = await mkdtemp(path.join(tmpdir(), "closer-abort-test-"))
  process.env.TMPDIR = scratch
})
afterAll(async () => {
  // Assigning undefined would leave the string "undefined" for the files run after this one.
  if (previousTmpdir === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = previousTmpdir
  await t.close()
  await rm(scratch, { recursive: true, force: true })
})

/** Every file in storage, by its path under the media folder. */
async function storedFiles() {
  const entries = await readdir(t.mediaDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`)
    .sort()
}

const uploadDirs = async () =>
  (await readdir(scratch)).filter((name) => name.startsWith("closer-upload-"))

/** Bytes the server has written of the upload so far (0 before the file part begins). */
async function bytesReceived(): Promise<number> {
  const [dir] = await uploadDirs()
  if (!dir) return 0
  return stat(path.join(scratch, dir, "upload")).then(
    (file) => file.size,
    () => 0,
  )
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Sends the first half of a multipart upload, waits until the server is writing it, hangs up. */
async function abortHalfway(url: string, token: string, body: ReturnType<typeof multipart>) {
  const request = http.request(`${origin}${url}`, {
    method: "POST",
    headers: {
      ...body.headers,
      "content-length": String(body.payload.length),
      authorization: `Bearer ${token}`,
      [xsrfHeaderName]: testXsrfToken,
      cookie: `${xsrfCookieName}=${testXsrfToken}`,
    },
  })
  const answered = new Promise<number | "hung up">((resolve) => {
    request.on("response", (response) => resolve(response.statusCode ?? 0))
    // Destroying our own request is the point; its socket error says only that.
    request.on("error", () => resolve("hung up"))
  })
  request.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)))
  await until(async () => (await bytesReceived()) > 0, "the server streams the file to disk")
  request.destroy()
  expect(await answered).toBe("hung up")
  await until(async () => (await uploadDirs()).length === 0, "the temporary folder is removed")
}

/** About 2 MB, enough that half of it is still on its way when the client hangs up. */
const bigVideo = Buffer.concat(Array.from({ length: 180 }, () => sampleVideo))

describe("an upload the client abandons halfway", () => {
  it("leaves no story, no stored file and no temporary folder; the next upload works", async () => {
    const creator = await t.createCreator()
    const before = await storedFiles()

    await abortHalfway(
      "/v1/studio/stories",
      creator.token,
      multipart(fileField(bigVideo, "story.mp4", "video/mp4")),
    )

    expect(await storedFiles()).toEqual(before)
    expect(await t.db.$count(stories, eq(stories.profileId, creator.profileId))).toBe(0)

    // The abandoned request wedged nothing: the same creator's next story goes up.
    const res = await t.inject({
      method: "POST",
      url: "/v1/studio/stories",
      token: creator.token,
      ...multipart(fileField(sampleVideo, "story.mp4", "video/mp4")),
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.$count(stories, eq(stories.profileId, creator.profileId))).toBe(1)
    expect(await uploadDirs()).toEqual([])
  })

  it("leaves no photo when the caption arrived and the image did not finish", async () => {
    const creator = await t.createCreator()
    const before = await storedFiles()
    // Padding after the JPEG's end marker keeps it a JPEG and makes the body long.
    const bigPhoto = Buffer.concat([sampleJpeg, Buffer.alloc(2 * 1024 * 1024)])

    await abortHalfway(
      "/v1/studio/medias",
      creator.token,
      multipart(
        { name: "description", value: "Pôr do sol" },
        fileField(bigPhoto, "foto.jpg", "image/jpeg"),
      ),
    )

    expect(await storedFiles()).toEqual(before)
    expect(await t.db.$count(medias, eq(medias.profileId, creator.profileId))).toBe(0)
  })
})
