import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { z } from "zod"
import type { UploadProgress } from "../domain/uploads.ts"
import { ApiError, NETWORK_ERROR, setTokenSource } from "./client.ts"
import { apiUpload } from "./upload.ts"

/**
 * jsdom's XMLHttpRequest against a real local server on another origin (as VITE_API_URL may
 * be): the headers, cookies, answers and hang-ups are the ones a browser sends and sees.
 */

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; bytes: number }
const seen: Seen[] = []
let closedEarly: () => void = () => {}
let api: string

const server = http.createServer((request, response) => {
  response.setHeader("Access-Control-Allow-Origin", window.location.origin)
  response.setHeader("Access-Control-Allow-Credentials", "true")
  if (request.method === "OPTIONS") {
    response.setHeader("Access-Control-Allow-Methods", "POST")
    response.setHeader("Access-Control-Allow-Headers", "authorization, x-xsrf-token, accept")
    return response.end()
  }
  let bytes = 0
  request.on("data", (chunk: Buffer) => (bytes += chunk.length))
  request.on("end", () => {
    seen.push({ method: request.method!, url: request.url!, headers: request.headers, bytes })
    response.setHeader("Content-Type", "application/json")
    if (request.url === "/v1/stories") return response.end(JSON.stringify({ id: "story-1" }))
    if (request.url === "/v1/too-large") {
      response.statusCode = 413
      return response.end(
        JSON.stringify({ message: "O vídeo pode ter até 100 MB.", code: "file_too_large" }),
      )
    }
    // /v1/slow: never answers; the test hangs up.
    request.socket.on("close", () => closedEarly())
  })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", api)
  setTokenSource(() => "token-123")
  document.cookie = "XSRF-TOKEN=abc"
})
afterEach(() => {
  seen.length = 0
  vi.unstubAllEnvs()
  document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT"
})

const Story = z.object({ id: z.string() })
const video = () => {
  const form = new FormData()
  form.append("file", new File([new Uint8Array(64 * 1024)], "story.mp4", { type: "video/mp4" }))
  return form
}

describe("apiUpload", () => {
  it("sends the form with the token and the anti-forgery header, and reports its progress", async () => {
    const progress: UploadProgress[] = []
    const story = await apiUpload("/stories", Story, video(), {
      onProgress: (p) => progress.push(p),
    })
    expect(story).toEqual({ id: "story-1" })
    const [request] = seen
    expect(request).toMatchObject({ method: "POST", url: "/v1/stories" })
    expect(request!.headers.authorization).toBe("Bearer token-123")
    expect(request!.headers["x-xsrf-token"]).toBe("abc")
    expect(request!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)
    expect(request!.bytes).toBeGreaterThan(64 * 1024)
    // The last report says every byte of the body went.
    expect(progress.at(-1)).toEqual({ loaded: request!.bytes, total: request!.bytes })
  })

  it("throws the server's pt-BR message and code on a refusal", async () => {
    const refusal = apiUpload("/too-large", Story, video())
    await expect(refusal).rejects.toBeInstanceOf(ApiError)
    await expect(refusal).rejects.toMatchObject({
      status: 413,
      message: "O vídeo pode ter até 100 MB.",
      code: "file_too_large",
    })
  })

  it("stops the upload when the signal aborts, and rejects as an aborted fetch does", async () => {
    const controller = new AbortController()
    const hungUp = new Promise<void>((resolve) => (closedEarly = resolve))
    const upload = apiUpload("/slow", Story, video(), { signal: controller.signal })
    await vi.waitFor(() => expect(seen.map((r) => r.url)).toContain("/v1/slow"))
    controller.abort()
    await expect(upload).rejects.toMatchObject({ name: "AbortError" })
    await hungUp
  })

  it("sends nothing when the signal was aborted before", async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      apiUpload("/stories", Story, video(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" })
    expect(seen).toEqual([])
  })

  it("says the connection failed, in pt-BR, when no server answers", async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${port}`)
    await expect(apiUpload("/stories", Story, video())).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR,
      code: "network_error",
    })
  })
})
