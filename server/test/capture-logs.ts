import { Writable } from "node:stream"
import { createLogger } from "../src/logging/logger.ts"

/**
 * The server's own logger (its redaction included) writing lines a test can read: forged
 * webhooks must leave a trace, and a journey's secrets must not.
 */
export function captureLogs() {
  const lines: Array<Record<string, unknown>> = []
  /** Every line as written, for searching the whole output. */
  const raw: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        raw.push(line)
        lines.push(JSON.parse(line))
      }
      done()
    },
  })
  return { logger: createLogger("info", stream), lines, raw }
}
