/** Time source of the app; tests pass a controllable one. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export interface ManualClock extends Clock {
  advance(ms: number): void
  set(date: Date): void
}

export function createManualClock(start = new Date("2025-01-15T12:00:00.000Z")): ManualClock {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
    set: (date) => {
      current = date.getTime()
    },
  }
}
