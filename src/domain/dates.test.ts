import { describe, expect, it } from "vitest"
import {
  addMonths,
  ageOn,
  parseBirthDate,
  formatCountdown,
  formatDate,
  formatDayMonth,
  relativeTime,
  saoPauloDate,
} from "./dates.ts"

describe("formatDate", () => {
  it("shows the São Paulo calendar day, not the UTC one", () => {
    expect(formatDate("2026-01-01T02:00:00Z")).toBe("31/12/2025")
    expect(formatDate("2026-01-01T03:00:00Z")).toBe("01/01/2026")
  })

  it("accepts a Date and a timestamp", () => {
    expect(formatDate(new Date("2025-07-09T15:00:00Z"))).toBe("09/07/2025")
    expect(formatDate(Date.UTC(2024, 1, 29, 12))).toBe("29/02/2024")
  })

  it("returns an empty string for missing or unreadable dates", () => {
    expect(formatDate(null)).toBe("")
    expect(formatDate(undefined)).toBe("")
    expect(formatDate("not a date")).toBe("")
  })
})

describe("formatDayMonth", () => {
  it("shows day and month in São Paulo", () => {
    expect(formatDayMonth("2026-01-01T02:00:00Z")).toBe("31/12")
    expect(formatDayMonth("2025-03-05T12:00:00Z")).toBe("05/03")
    expect(formatDayMonth("nope")).toBe("")
  })
})

describe("saoPauloDate", () => {
  it("reads the calendar date in São Paulo", () => {
    expect(saoPauloDate("2026-01-01T02:00:00Z")).toEqual({ year: 2025, month: 12, day: 31 })
    expect(saoPauloDate("2026-01-01T03:00:00Z")).toEqual({ year: 2026, month: 1, day: 1 })
  })
})

describe("parseBirthDate", () => {
  it("reads a real DD/MM/YYYY date", () => {
    expect(parseBirthDate("29/02/2000")?.toISOString()).toBe("2000-02-29T00:00:00.000Z")
    expect(parseBirthDate("31/12/1990")?.toISOString()).toBe("1990-12-31T00:00:00.000Z")
  })

  it("rejects impossible days, months and shapes", () => {
    for (const value of [
      "31/02/2000",
      "29/02/2001",
      "32/01/2000",
      "10/13/2000",
      "00/10/2000",
      "10/00/2000",
      "1/1/2000",
      "2000-01-01",
      "01/01/1899",
    ]) {
      expect(parseBirthDate(value), value).toBeNull()
    }
  })
})

describe("ageOn", () => {
  const birth = new Date(Date.UTC(2008, 2, 10))

  it("counts whole years on the São Paulo calendar", () => {
    expect(ageOn(birth, "2026-03-10T03:00:00Z")).toBe(18)
    // 23:59 on 9 March in São Paulo is still the day before the birthday
    expect(ageOn(birth, "2026-03-10T02:59:00Z")).toBe(17)
    expect(ageOn(birth, "2026-12-31T12:00:00Z")).toBe(18)
    expect(ageOn(birth, "2026-01-01T12:00:00Z")).toBe(17)
  })
})

describe("formatCountdown", () => {
  it("formats minutes and seconds", () => {
    expect(formatCountdown(30 * 60 * 1000)).toBe("30:00")
    expect(formatCountdown(61_000)).toBe("01:01")
    expect(formatCountdown(9_000)).toBe("00:09")
  })

  it("rounds partial seconds up so zero means finished", () => {
    expect(formatCountdown(1)).toBe("00:01")
    expect(formatCountdown(59_001)).toBe("01:00")
    expect(formatCountdown(0)).toBe("00:00")
  })

  it("never goes negative", () => {
    expect(formatCountdown(-5_000)).toBe("00:00")
    expect(formatCountdown(Number.NaN)).toBe("00:00")
  })
})

describe("relativeTime", () => {
  const now = new Date("2026-03-10T12:00:00Z")
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()

  it("says agora under one second, and for a clock behind the server", () => {
    expect(relativeTime(ago(0), now)).toBe("agora")
    expect(relativeTime(ago(999), now)).toBe("agora")
    expect(relativeTime(ago(-60_000), now)).toBe("agora")
  })

  it("uses the largest whole unit among weeks, days, hours, minutes and seconds", () => {
    expect(relativeTime(ago(1_000), now)).toBe("há 1 segundo")
    expect(relativeTime(ago(45_000), now)).toBe("há 45 segundos")
    expect(relativeTime(ago(5 * 60_000), now)).toBe("há 5 minutos")
    expect(relativeTime(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe("há 3 horas")
    expect(relativeTime(ago(24 * 3_600_000), now)).toBe("há 1 dia")
    expect(relativeTime(ago(6 * 24 * 3_600_000), now)).toBe("há 6 dias")
    expect(relativeTime(ago(15 * 24 * 3_600_000), now)).toBe("há 2 semanas")
  })

  it("words every unit and count as Intl.RelativeTimeFormat does in pt-BR", () => {
    const intl = new Intl.RelativeTimeFormat("pt-BR", { numeric: "always" })
    const sizes = {
      week: 604_800_000,
      day: 86_400_000,
      hour: 3_600_000,
      minute: 60_000,
      second: 1_000,
    }
    const largest = { week: Infinity, day: 7, hour: 24, minute: 60, second: 60 }
    for (const [unit, size] of Object.entries(sizes) as Array<[keyof typeof sizes, number]>)
      for (const count of [1, 2, 5, 59, 1234, 123456].filter((n) => n < largest[unit]))
        expect(relativeTime(ago(count * size), now)).toBe(intl.format(-count, unit))
  })

  it("takes the current time by default", () => {
    expect(relativeTime(new Date(Date.now() - 2 * 3_600_000))).toBe("há 2 horas")
  })
})

describe("addMonths", () => {
  it("adds months in UTC keeping the time of day", () => {
    expect(addMonths("2026-01-15T10:30:00Z", 1).toISOString()).toBe("2026-02-15T10:30:00.000Z")
    expect(addMonths("2026-11-20T00:00:00Z", 3).toISOString()).toBe("2027-02-20T00:00:00.000Z")
  })

  it("clamps day 31 to the end of a shorter month", () => {
    expect(addMonths("2026-01-31T12:00:00Z", 1).toISOString()).toBe("2026-02-28T12:00:00.000Z")
    expect(addMonths("2024-01-31T12:00:00Z", 1).toISOString()).toBe("2024-02-29T12:00:00.000Z")
    expect(addMonths("2026-08-31T12:00:00Z", 1).toISOString()).toBe("2026-09-30T12:00:00.000Z")
    expect(addMonths("2026-08-31T12:00:00Z", 6).toISOString()).toBe("2027-02-28T12:00:00.000Z")
  })

  it("subtracts with a negative count and leaves its input untouched", () => {
    const start = new Date("2026-03-31T00:00:00Z")
    expect(addMonths(start, -1).toISOString()).toBe("2026-02-28T00:00:00.000Z")
    expect(start.toISOString()).toBe("2026-03-31T00:00:00.000Z")
  })
})
