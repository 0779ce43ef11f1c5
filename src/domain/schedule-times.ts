import { lazily, TIME_ZONE } from "./dates.ts"

/**
 * When a scheduled post may go out, and São Paulo's wall clock for its form, without the posts'
 * zod schemas (scheduled-posts.ts builds those from these and exports these too): the studio's
 * upload forms check a chosen time with these alone.
 */

/** How far ahead a post can be scheduled: a season of content, and a bound on forgotten posts. */
export const SCHEDULE_MAX_DAYS = 90
const SCHEDULE_MAX_MS = SCHEDULE_MAX_DAYS * 24 * 60 * 60 * 1000

export const scheduleInvalidMessage = "Informe uma data e um horário válidos."
export const scheduleInPastMessage = "Escolha uma data e um horário no futuro."
export const scheduleTooFarMessage = `Programe para no máximo ${SCHEDULE_MAX_DAYS} dias a partir de agora.`
export const scheduledPostNotFoundMessage = "Post programado não encontrado."
export const alreadyPublishedMessage = "Este post já foi publicado."
export const scheduledStoryInHighlightMessage =
  "Este story ainda está programado: ele pode entrar em um destaque depois de publicado."

/** Why a post cannot be scheduled for `at` (null when it can): later than now, within the limit. */
export function scheduleProblem(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime())) return scheduleInvalidMessage
  if (at.getTime() <= now.getTime()) return scheduleInPastMessage
  if (at.getTime() - now.getTime() > SCHEDULE_MAX_MS) return scheduleTooFarMessage
  return null
}

/** Why the upload form's chosen time cannot be used (null when it can): both empty publish now. */
export function scheduleFieldsProblem(
  value: { scheduleDate: string; scheduleTime: string },
  now: Date,
): string | null {
  if (!value.scheduleDate && !value.scheduleTime) return null
  const at = fromSaoPauloWallClock(value.scheduleDate, value.scheduleTime)
  return at ? scheduleProblem(at, now) : scheduleInvalidMessage
}

const saoPauloParts = lazily(
  () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }),
)

/** The São Paulo wall clock of an instant: "2026-12-01" and "15:30", as date and time inputs use. */
export function saoPauloWallClock(at: Date): { date: string; time: string } {
  const parts = saoPauloParts().formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00"
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  }
}

/**
 * The instant São Paulo's clock reads `date` ("yyyy-MM-dd") at `time` ("HH:mm"); null for a
 * date or time that does not exist. The zone's offset comes from Intl, so a change of the rules
 * (daylight time, abolished in 2019) needs no change here.
 */
export function fromSaoPauloWallClock(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const t = /^(\d{2}):(\d{2})$/.exec(time)
  if (!d || !t) return null
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  if (hour > 23 || minute > 59) return null
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const check = new Date(asUtc)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null
  // The offset at the guess, then again at the corrected instant (it differs only near a change).
  let instant = asUtc - offsetAt(new Date(asUtc))
  instant = asUtc - offsetAt(new Date(instant))
  return new Date(instant)
}

/** São Paulo's offset from UTC at an instant, in milliseconds (-3 h today). */
function offsetAt(at: Date): number {
  const { date, time } = saoPauloWallClock(at)
  const [year, month, day] = date.split("-").map(Number) as [number, number, number]
  const [hour, minute] = time.split(":").map(Number) as [number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  const at0 = Math.floor(at.getTime() / 60_000) * 60_000
  return wall - at0
}

/** "01/12/2026 às 15:30", São Paulo time. */
export function formatScheduledFor(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ""
  const { date: day, time } = saoPauloWallClock(date)
  const [year, month, dayOfMonth] = day.split("-")
  return `${dayOfMonth}/${month}/${year} às ${time}`
}

/** The instant the form's fields name, or null to publish now (the form was checked before). */
export function scheduledForOf(value: { scheduleDate: string; scheduleTime: string }) {
  if (!value.scheduleDate && !value.scheduleTime) return null
  return fromSaoPauloWallClock(value.scheduleDate, value.scheduleTime)?.toISOString() ?? null
}
