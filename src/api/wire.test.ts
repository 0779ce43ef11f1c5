import { afterEach, describe, expect, it, vi } from "vitest"
import type { Profile } from "../domain/models.ts"
import { ApiError, apiRequest } from "./client.ts"
import { INVALID_ANSWER_CODE, listOf, nullable, pageOf, record } from "./wire.ts"

const profileAnswer = record<Profile>("_id", "username", "plans")

const invalidAnswer = {
  status: 0,
  message: "Houve um erro inesperado.",
  code: INVALID_ANSWER_CODE,
}

describe("light answer checks", () => {
  it("accept an object carrying the named fields and return it as it came", () => {
    const body = { _id: "p1", username: "demo", plans: [], extra: true }
    expect(profileAnswer.parse(body)).toBe(body)
  })

  it.each([
    ["a missing field", { _id: "p1", username: "demo" }],
    ["an array", [{ _id: "p1", username: "demo", plans: [] }]],
    ["null", null],
    ["no body", undefined],
    ["text", "<!doctype html>"],
  ])("refuse %s with the unexpected-error message", (_, body) => {
    const error = (() => {
      try {
        return profileAnswer.parse(body)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject(invalidAnswer)
  })

  it("check every item of a list", () => {
    const medias = listOf<{ _id: string; src: string }>("_id", "src")
    expect(medias.parse([{ _id: "m1", src: "/a.jpg" }])).toEqual([{ _id: "m1", src: "/a.jpg" }])
    expect(medias.parse([])).toEqual([])
    expect(() => medias.parse([{ _id: "m1", src: "/a.jpg" }, { _id: "m2" }])).toThrow(ApiError)
    expect(() => medias.parse({ _id: "m1", src: "/a.jpg" })).toThrow(ApiError)
  })

  it("take null where the answer may be empty", () => {
    const maybe = nullable(record<{ _id: string }>("_id"))
    expect(maybe.parse(null)).toBeNull()
    expect(maybe.parse({ _id: "s1" })).toEqual({ _id: "s1" })
    expect(() => maybe.parse({})).toThrow(ApiError)
  })
})

describe("pageOf", () => {
  const page = pageOf<{ _id: string }>("_id")

  it("takes a page of items and its cursor, or the last page", () => {
    expect(page.parse({ items: [{ _id: "a" }], nextCursor: "abc" })).toEqual({
      items: [{ _id: "a" }],
      nextCursor: "abc",
    })
    expect(page.parse({ items: [], nextCursor: null }).nextCursor).toBeNull()
  })

  it("refuses a bare list, a cursor of the wrong kind or items without their fields", () => {
    for (const wrong of [
      [{ _id: "a" }],
      { items: [] },
      { items: [], nextCursor: 3 },
      { items: [{}], nextCursor: null },
    ])
      expect(() => page.parse(wrong)).toThrow(ApiError)
  })
})

describe("apiRequest with a light check", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("turns a 200 answer that is not the JSON asked for (a proxy's page) into an ApiError", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => new Response("<html>Bad gateway</html>", { status: 200 })),
    )
    await expect(apiRequest("/profile/demo", profileAnswer)).rejects.toMatchObject(invalidAnswer)
  })
})
