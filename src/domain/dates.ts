/** Instants are stored in UTC and shown in pt-BR as the clock reads in São Paulo. */

export const TIME_ZONE = "America/Sao_Paulo"

export type Instant = string | number | Date

export function toDate(value: Instant): Date {
  return value instanceof Date ? value : new Date(value)
}

function isValid(date: Date): boolean {
  return !Number.isNaN(date.getTime())
}

/**
 * A formatter made the first time it is used: the first one with a time zone loads the
 * browser's time-zone data, tens of milliseconds on a phone, which a page that shows no date
 * (the profile, the checkout) should not pay while it starts.
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

const dayMonthYear = lazily(
  () =>
    new Intl.DateTimeFormat("pt-BR", {
      timeZone: TIME_ZONE,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }),
)
const dayMonth = lazily(
  () => new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit" }),
)

/** "dd/MM/yyyy" in São Paulo; "" for a missing or unreadable date so a screen shows nothing. */
export function formatDate(value: Instant | null | undefined): string {
  if (value == null) return ""
  const date = toDate(value)
  return isValid(date) ? dayMonthYear().format(date) : ""
}

/** "dd/MM" in São Paulo; "" for a missing or unreadable date. */
export function formatDayMonth(value: Instant | null | undefined): string {
  if (value == null) return ""
  const date = toDate(value)
  return isValid(date) ? dayMonth().format(date) : ""
}

/** Year, month (1-12) and day of an instant on the São Paulo calendar. */
export function saoPauloDate(value: Instant): { year: number; month: number; day: number } {
  const parts = dayMonthYear().formatToParts(toDate(value))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part("year"), month: part("month"), day: part("day") }
}

/**
 * Remaining time as "mm:ss". Seconds round up so "00:00" appears only when the time is over,
 * and a negative remainder shows "00:00".
 */
export function formatCountdown(ms: number): string {
  const total = Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0
  const minutes = Math.floor(total / 60)
  const seconds = total % 60
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/**
 * Each unit as Intl.RelativeTimeFormat("pt-BR") words it, singular and plural. Written here, not
 * asked of Intl: the page's first pt-BR formatter loads the locale's data, 12 to 28 ms on a
 * laptop (four times that on a phone), in the stories player's first frame, for one of ten words.
 */
const units: ReadonlyArray<[size: number, one: string, many: string]> = [
  [WEEK, "semana", "semanas"],
  [DAY, "dia", "dias"],
  [HOUR, "hora", "horas"],
  [MINUTE, "minuto", "minutos"],
  [SECOND, "segundo", "segundos"],
]
/** A count with pt-BR thousands dots ("1.234"), as Intl would group it. */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ".")

/**
 * How long ago a story was posted: "há 3 horas", "há 2 semanas", "agora" under one second.
 * A story cannot come from the future, so a clock running behind the server also reads "agora".
 */
export function relativeTime(value: Instant, now: Instant = new Date()): string {
  const elapsed = toDate(now).getTime() - toDate(value).getTime()
  if (!Number.isFinite(elapsed) || elapsed < SECOND) return "agora"
  for (const [size, one, many] of units) {
    const count = Math.floor(elapsed / size)
    if (count >= 1) return `há ${grouped(count)} ${count === 1 ? one : many}`
  }
  return "agora"
}

/** Adds calendar months in UTC, clamping the day to the target month's last day (31/01 + 1 = 28/02). */
export function addMonths(value: Instant, months: number): Date {
  const date = toDate(value)
  const target = new Date(date.getTime())
  const day = date.getUTCDate()
  target.setUTCDate(1)
  target.setUTCMonth(target.getUTCMonth() + months)
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target
}

/**
 * A "DD/MM/YYYY" birth date that exists on the calendar (no 31/02), from 1900 on; null otherwise.
 * The result is midnight UTC of that day.
 */
export function parseBirthDate(value: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim())
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null
}

/** Whole years between a birth date and now, on the São Paulo calendar. */
export function ageOn(birthDate: Date, now: Instant): number {
  const today = saoPauloDate(now)
  const month = birthDate.getUTCMonth() + 1
  const beforeBirthday =
    today.month < month || (today.month === month && today.day < birthDate.getUTCDate())
  return today.year - birthDate.getUTCFullYear() - (beforeBirthday ? 1 : 0)
}
