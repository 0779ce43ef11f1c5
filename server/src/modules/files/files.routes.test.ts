import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, fakeVideo, tinyPng, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
const key = "p/teste/stories/video.mp4"
const imageKey = "p/teste/medias/foto.png"

beforeAll(async () => {
  t = await createTestApp()
  await t.storage.put(key, fakeVideo)
  await t.storage.put(imageKey, tinyPng)
})
afterAll(() => t.close())

describe("GET /v1/files/*", () => {
  it("serves a signed file with its content type and a private cache within the expiry", async () => {
    const res = await t.inject({ url: t.storage.url(imageKey, { ttlSeconds: 3600 }) })
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-type"]).toBe("image/png")
    expect(res.rawPayload.equals(tinyPng)).toBe(true)
    const maxAge = Number(/private, max-age=(\d+)/.exec(String(res.headers["cache-control"]))![1])
    expect(maxAge).toBeGreaterThanOrEqual(3600)
    expect(maxAge).toBeLessThanOrEqual(3600 + 900)
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox")
    expect(res.headers["x-content-type-options"]).toBe("nosniff")
  })

  it("answers byte ranges for video", async () => {
    const url = t.storage.url(key)
    const first = await t.inject({ url, headers: { range: "bytes=0-99" } })
    expect(first.statusCode).toBe(206)
    expect(first.headers["content-type"]).toBe("video/mp4")
    expect(first.headers["accept-ranges"]).toBe("bytes")
    expect(first.headers["content-range"]).toBe(`bytes 0-99/${fakeVideo.length}`)
    expect(first.headers["content-length"]).toBe("100")
    expect(first.rawPayload.equals(fakeVideo.subarray(0, 100))).toBe(true)

    const open = await t.inject({ url, headers: { range: "bytes=4000-" } })
    expect(open.statusCode).toBe(206)
    expect(open.rawPayload.equals(fakeVideo.subarray(4000))).toBe(true)

    const suffix = await t.inject({ url, headers: { range: "bytes=-10" } })
    expect(suffix.headers["content-range"]).toBe(
      `bytes ${fakeVideo.length - 10}-${fakeVideo.length - 1}/${fakeVideo.length}`,
    )
    expect(suffix.rawPayload.equals(fakeVideo.subarray(-10))).toBe(true)

    const whole = await t.inject({ url })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers["content-length"]).toBe(String(fakeVideo.length))
  })

  it("answers a range beyond the file with 416, its size and a pt-BR message", async () => {
    const url = t.storage.url(key)
    for (const range of ["bytes=999999-", `bytes=${fakeVideo.length}-${fakeVideo.length + 10}`]) {
      const res = await t.inject({ url, headers: { range } })
      expect(res.statusCode, range).toBe(416)
      expect(res.headers["content-range"]).toBe(`bytes */${fakeVideo.length}`)
      expect(res.headers["content-type"]).toContain("application/json")
      expect(res.json()).toEqual({
        message: "O trecho pedido está fora do arquivo. Atualize a página e tente novamente.",
        code: "range_not_satisfiable",
      })
    }
  })

  it("answers 403 once the URL has expired", async () => {
    const url = t.storage.url(key, { ttlSeconds: 60 })
    expect((await t.inject({ url })).statusCode).toBe(200)
    t.clock.advance(2 * 60_000)
    const res = await t.inject({ url })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      message: "Este link expirou. Atualize a página para ver o conteúdo.",
      code: "link_expired",
    })
  })

  it("answers 403 to a tampered URL: another key, a later expiry or a changed signature", async () => {
    const url = new URL(t.storage.url(key), "http://x")
    const exp = url.searchParams.get("exp")!
    const sig = url.searchParams.get("sig")!
    const tampered = [
      `/v1/files/${imageKey}?exp=${exp}&sig=${sig}`,
      `/v1/files/${key}?exp=${Number(exp) + 86_400}&sig=${sig}`,
      `/v1/files/${key}?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
      `/v1/files/${key}?exp=${exp}`,
      `/v1/files/${key}`,
      `/v1/files/P/teste/stories/video.mp4?exp=${exp}&sig=${sig}`,
    ]
    for (const path of tampered) {
      const res = await t.inject({ url: path })
      expect(res.statusCode, path).toBe(403)
      expect(res.json().code).toBe("link_expired")
    }
    const traversal = await t.inject({
      url: `/v1/files/p/../../secrets.json?exp=${exp}&sig=${sig}`,
    })
    expect([403, 404]).toContain(traversal.statusCode)
  })

  it("answers 404 for a signed key with no file", async () => {
    const res = await t.inject({ url: t.storage.url("p/teste/nada.png") })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe("file_not_found")
  })
})
