import { spawn, type ChildProcess } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { compiledServer } from "./compiled-server.ts"

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${origin}/v1/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no answer from ${origin}`)
}

/** One API process (`npm run start:prod`; the hard tests' set-up builds it) that a test can SIGKILL and start again. */
export async function startServer(options: {
  databaseUrl: string
  port: number
  env?: Record<string, string>
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "closer-server-"))
  const origin = `http://127.0.0.1:${options.port}`
  const env = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(options.port),
    PUBLIC_URL: origin,
    JWT_SECRET: "j".repeat(48),
    MEDIA_SIGNING_SECRET: "m".repeat(48),
    // Buyers tell their address in X-Forwarded-For, as they would through the load balancer.
    TRUST_PROXY: "1",
    LOG_LEVEL: "warn",
    ...options.env,
  }
  let child: ChildProcess
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  const launch = async () => {
    child = spawn(process.execPath, [compiledServer], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    })
    exited = once(child, "exit").then(([code, signal]) => ({ code, signal }))
    await waitForHealth(origin, child)
  }
  await launch()
  let kills = 0

  return {
    origin,
    dataDir,
    get kills() {
      return kills
    },
    get pid() {
      return child.pid!
    },
    /** Sends `signal` and resolves with how the process ended. */
    signal(signal: NodeJS.Signals) {
      child.kill(signal)
      return exited
    },
    /** No shutdown hook runs: open transactions and half-sent answers die with it. */
    async kill() {
      kills += 1
      child.kill("SIGKILL")
      if (child.exitCode === null && child.signalCode === null) await once(child, "exit")
    },
    restart: launch,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM")
        await once(child, "exit")
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type ServerProcess = Awaited<ReturnType<typeof startServer>>

/**
 * Writes the demo creators into a fresh database the way `npm run seed` does, for tests whose
 * server runs in live mode (which never seeds by itself).
 */
export async function seedDemoData(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "closer-seed-"))
  try {
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/db/seed-cli.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PAYMENTS_MODE: "sandbox",
        JWT_SECRET: "j".repeat(48),
        MEDIA_SIGNING_SECRET: "m".repeat(48),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    })
    const [code] = (await once(child, "exit")) as [number | null]
    if (code !== 0) throw new Error(`npm run seed exited with ${code}`)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
