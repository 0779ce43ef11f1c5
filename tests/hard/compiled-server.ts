import { execFileSync } from "node:child_process"

/** What `npm run start:prod` runs: the server emitted by `npm run build`. */
export const compiledServer = "dist-server/server/src/server.js"

/**
 * Vitest's global set-up for the hard tests: emits the server again before they start, so they
 * run what production runs, never a stale copy of it.
 */
export function setup() {
  execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" })
}
