import { describe, expect, it } from "vitest"
import {
  SCHEDULE_MAX_DAYS,
  formatScheduledFor,
  fromSaoPauloWallClock,
  saoPauloWallClock,
  scheduleInPastMessage,
  scheduleInvalidMessage,
  scheduleProblem,
  scheduleTooFarMessage,
  scheduledForOf,
} from "./scheduled-posts.ts"

const now = new Date("2026-11-28T15:00:00.000Z")

describe("São Paulo wall clock", () => {
  it("reads and writes São Paulo time, three hours behind UTC", () => {
    expect(fromSaoPauloWallClock("2026-12-01", "15:30")?.toISOString()).toBe(
      "2026-12-01T18:30:00.000Z",
    )
    expect(saoPauloWallClock(new Date("2026-12-01T18:30:00.000Z"))).toEqual({
      date: "2026-12-01",
      time: "15:30",
    })
    // Late evening in São Paulo is the next day in UTC.
    expect(fromSaoPauloWallClock("2026-12-31", "23:59")?.toISOString()).toBe(
      "2027-01-01T02:59:00.000Z",
    )
  })

  it("keeps the daylight time of years when São Paulo had it", () => {
    // Summer 2018/2019: UTC-2.
    expect(fromSaoPauloWallClock("2019-01-10", "12:00")?.toISOString()).toBe(
      "2019-01-10T14:00:00.000Z",
    )
  })

  it("refuses dates and times that do not exist", () => {
    expect(fromSaoPauloWallClock("2026-02-30", "10:00")).toBeNull()
    expect(fromSaoPauloWallClock("2026-12-01", "24:00")).toBeNull()
    expect(fromSaoPauloWallClock("01/12/2026", "10:00")).toBeNull()
    expect(fromSaoPauloWallClock("2026-12-01", "")).toBeNull()
  })

  it("shows a time as the creator chose it", () => {
    expect(formatScheduledFor("2026-12-01T18:30:00.000Z")).toBe("01/12/2026 às 15:30")
    expect(formatScheduledFor("não é data")).toBe("")
  })
})

describe("scheduleProblem", () => {
  const later = (ms: number) => new Date(now.getTime() + ms)
  it("takes a time in the future within the limit", () => {
    expect(scheduleProblem(later(60_000), now)).toBeNull()
    expect(scheduleProblem(later(SCHEDULE_MAX_DAYS * 86_400_000), now)).toBeNull()
  })
  it("refuses the past, now, beyond the limit and an invalid date", () => {
    expect(scheduleProblem(later(-1), now)).toBe(scheduleInPastMessage)
    expect(scheduleProblem(now, now)).toBe(scheduleInPastMessage)
    expect(scheduleProblem(later(SCHEDULE_MAX_DAYS * 86_400_000 + 1), now)).toBe(
      scheduleTooFarMessage,
    )
    expect(scheduleProblem(new Date(Number.NaN), now)).toBe(scheduleInvalidMessage)
  })
})

describe("scheduledForOf", () => {
  it("is null when both fields are empty (publish now), the instant otherwise", () => {
    expect(scheduledForOf({ scheduleDate: "", scheduleTime: "" })).toBeNull()
    expect(scheduledForOf({ scheduleDate: "2026-12-01", scheduleTime: "15:30" })).toBe(
      "2026-12-01T18:30:00.000Z",
    )
  })
})
