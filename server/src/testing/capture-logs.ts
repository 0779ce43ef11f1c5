import { Writable } from "node:stream"
import pino from "pino"

/** A pino logger whose lines a test can read (forged webhooks must leave a trace). */
export function captureLogs() {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { logger: pino({ level: "info" }, stream), lines }
}
