import path from "node:path"
import { buildAdapters, buildPaymentGateways } from "./adapters/build-adapters.ts"
import { buildApp } from "./app.ts"
import { systemClock, type Clock } from "./clock.ts"
import { configFromEnv } from "./config.ts"
import { openDatabase } from "./db/client.ts"
import { demoCreators, demoFollowers, demoPassword, seedIfEmpty } from "./db/seed.ts"
import { EnvError, loadEnv } from "./env.ts"
import { loadDotEnv } from "./dotenv.ts"
import { createLogger } from "./logging/logger.ts"
import { fromProjectRoot } from "./project-root.ts"

const distDir = fromProjectRoot("dist")
/** After the drain: requests in flight, a job's last moments (10 s at most) and the pool. */
const closeDeadlineMs = 25_000

/**
 * Reads the environment, opens the database and listens. The clock is the one seam: the system's
 * in production; the journeys' server (scripts/e2e-clock-server.ts) passes one it can move.
 */
export async function startServer(clock: Clock = systemClock) {
  loadDotEnv()
  let env
  try {
    env = loadEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(env.LOG_LEVEL)
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
  })
  const adapters = buildAdapters(env, clock, logger)
  const config = configFromEnv(env, distDir)
  const seeded = await database.withStartupLock(async () => {
    logger.info({ driver: database.driver }, "banco de dados aberto; aplicando migrações")
    await database.migrate()
    if (env.DEMO_DATA === "off") return false
    return seedIfEmpty({
      db: database.db,
      storage: adapters.storage,
      clock,
      scrypt: config.scrypt,
    })
  })
  if (seeded) {
    const logins = [...demoCreators, ...demoFollowers].map((account) => account.email).join(", ")
    logger.info(
      `primeira execução: dados de demonstração criados. Contas (senha ${demoPassword}): ${logins}`,
    )
  }
  const app = await buildApp({
    db: database.db,
    localWrites: database.localWrites,
    clock,
    config,
    ...adapters,
    gateways: buildPaymentGateways(config, database.db, clock),
    logger: logger,
  })

  // SIGTERM (the platform replacing this replica): /v1/ready says 503 for SHUTDOWN_DRAIN_MS while
  // requests are still served, then the server stops listening, finishes the requests in flight,
  // lets a running job finish (or releases its lease) and closes the pool. SIGINT (Ctrl-C) skips
  // the drain. Past the deadline the process exits anyway.
  let closing = false
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    const drainMs = signal === "SIGTERM" ? env.SHUTDOWN_DRAIN_MS : 0
    logger.info({ signal, drainMs }, "encerrando")
    const force = setTimeout(() => {
      logger.error("encerramento passou do prazo; saindo assim mesmo")
      process.exit(1)
    }, drainMs + closeDeadlineMs)
    force.unref()
    app.drain()
    try {
      await new Promise((resolve) => setTimeout(resolve, drainMs))
      await app.close()
      await database.close()
    } catch (err) {
      logger.error({ err }, "erro ao encerrar")
      process.exit(1)
    }
    clearTimeout(force)
    logger.info("encerrado")
    process.exit(0)
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"))
  process.on("SIGINT", () => void shutdown("SIGINT"))

  await app.listen({ port: env.PORT, host: env.HOST })
  logger.info(`Closer no ar em ${env.PUBLIC_URL}`)
  return { db: database.db }
}
