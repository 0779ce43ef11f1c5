import { describe, expect, it } from "vitest"
import { linkRefreshInterval, refreshBeforeLinksLapse } from "./link-refresh.ts"

const now = Date.parse("2026-11-27T12:00:00Z")
const inSeconds = (seconds: number) => new Date(now + seconds * 1000).toISOString()

describe("linkRefreshInterval", () => {
  it("refreshes 30 s before 5-minute links lapse", () => {
    expect(linkRefreshInterval([inSeconds(300)], now)).toBe(270_000)
    expect(linkRefreshInterval([inSeconds(225)], now)).toBe(195_000)
  })

  it("keeps a quarter of the time left as margin for short links", () => {
    expect(linkRefreshInterval([inSeconds(5)], now)).toBe(3_750)
    expect(linkRefreshInterval([inSeconds(60)], now)).toBe(45_000)
  })

  it("follows the earliest expiry in the list", () => {
    expect(linkRefreshInterval([inSeconds(300), inSeconds(100), undefined], now)).toBe(75_000)
  })

  it("waits at least a second, even for links already lapsed", () => {
    expect(linkRefreshInterval([inSeconds(1)], now)).toBe(1_000)
    expect(linkRefreshInterval([inSeconds(-10)], now)).toBe(1_000)
  })

  it("does not refresh a list without expiring links", () => {
    expect(linkRefreshInterval([], now)).toBe(0)
    expect(linkRefreshInterval([undefined, null, "não é data"], now)).toBe(0)
    expect(refreshBeforeLinksLapse(undefined)).toBe(0)
    expect(refreshBeforeLinksLapse([{}])).toBe(0)
  })
})
