import { spawn, type ChildProcess } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { createScratchDatabase } from "../../server/test/scratch-database.ts"
import { readDeployedNginxConf, renderNginxConf, testNginxMain } from "./nginx-config.ts"
import { compiledServer } from "./compiled-server.ts"

/** The PostgreSQL server the hard tests use: DATABASE_URL (CI's throwaway cluster). */
export function postgresUrl(): string {
  const url = process.env.DATABASE_URL ?? process.env.TEST_PG_URL
  if (!url)
    throw new Error(
      "npm run test:hard needs DATABASE_URL pointing at a PostgreSQL server it may create databases on",
    )
  return url
}

/** A new, empty database on that server, dropped by `drop()` even if replicas still hold it. */
export function createDatabase(prefix: string) {
  return createScratchDatabase(postgresUrl(), prefix, { force: true })
}

async function waitFor(url: string, child?: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no answer from ${url}`)
}

export type Replica = { port: number; process: ChildProcess }

/**
 * N identical API processes on one PostgreSQL, sharing secrets and the media folder (what a
 * shared volume or object storage gives in production), behind nginx on `port`.
 */
export async function startCluster(options: {
  databaseUrl: string
  replicas: number
  port: number
  env?: Record<string, string>
}) {
  const root = mkdtempSync(path.join(tmpdir(), "closer-cluster-"))
  const dataDir = path.join(root, "data")
  const ports = Array.from({ length: options.replicas }, (_, i) => options.port + 1 + i)
  const env = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PAYMENTS_MODE: "sandbox",
    JWT_SECRET: "j".repeat(48),
    MEDIA_SIGNING_SECRET: "m".repeat(48),
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    // nginx, and the edge in front of it that tells each buyer's address.
    TRUST_PROXY: "2",
    LOG_LEVEL: "warn",
    ...options.env,
  }
  const replicas: Replica[] = []
  const startReplica = (port: number) => {
    const child = spawn(process.execPath, [compiledServer], {
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
    })
    return { port, process: child }
  }
  // All at once on an empty database: start-up work must serialise itself.
  for (const port of ports) replicas.push(startReplica(port))
  await Promise.all(replicas.map((r) => waitFor(`http://127.0.0.1:${r.port}/v1/health`, r.process)))

  const nginxConf = path.join(root, "nginx.conf")
  const site = path.join(root, "closer.conf")
  writeFileSync(site, renderNginxConf(readDeployedNginxConf(), `127.0.0.1:${options.port}`, ports))
  writeFileSync(nginxConf, testNginxMain(root, site))
  const nginx = spawn("nginx", ["-c", nginxConf, "-p", root, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  })
  await waitFor(`http://127.0.0.1:${options.port}/v1/health`, nginx)

  return {
    origin: `http://127.0.0.1:${options.port}`,
    replicas,
    /** SIGKILL: no shutdown hook runs, in-flight requests die mid-way. */
    async kill(index: number) {
      const replica = replicas[index]!
      replica.process.kill("SIGKILL")
      if (replica.process.exitCode === null && replica.process.signalCode === null)
        await once(replica.process, "exit")
    },
    async restart(index: number) {
      const replica = startReplica(replicas[index]!.port)
      replicas[index] = replica
      await waitFor(`http://127.0.0.1:${replica.port}/v1/health`, replica.process)
    },
    /** SIGTERM to every replica (each drains, then finishes its work) and nginx; their exit codes. */
    async stop() {
      const running = replicas.filter((r) => r.process.exitCode === null && !r.process.signalCode)
      const exits = running.map(async (r) => {
        const [code] = (await once(r.process, "exit")) as [number | null]
        return code
      })
      for (const r of running) r.process.kill("SIGTERM")
      const codes = await Promise.all(exits)
      if (nginx.exitCode === null && !nginx.signalCode) {
        nginx.kill("SIGTERM")
        await once(nginx, "exit")
      }
      rmSync(root, { recursive: true, force: true })
      return codes
    },
  }
}
