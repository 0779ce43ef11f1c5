import path from "node:path"
import { fileURLToPath } from "node:url"
import pino from "pino"
import { buildAdapters } from "./adapters/build-adapters.ts"
import { buildApp } from "./app.ts"
import { systemClock } from "./clock.ts"
import { configFromEnv } from "./config.ts"
import { openDatabase } from "./db/client.ts"
import { demoCreators, demoFollowers, demoPassword, seedIfEmpty } from "./db/seed.ts"
import { EnvError, loadEnv } from "./env.ts"

const distDir = fileURLToPath(new URL("../../dist", import.meta.url))

async function main() {
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
  const logger = pino({ level: env.LOG_LEVEL })
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
  })
  const adapters = buildAdapters(env, systemClock, logger)
  const config = configFromEnv(env, distDir)
  const seeded = await database.withStartupLock(async () => {
    logger.info({ driver: database.driver }, "banco de dados aberto; aplicando migrações")
    await database.migrate()
    return seedIfEmpty({
      db: database.db,
      storage: adapters.storage,
      clock: systemClock,
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
    clock: systemClock,
    config,
    ...adapters,
    logger: logger,
  })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, "encerrando")
    const force = setTimeout(() => process.exit(1), 10_000).unref()
    try {
      await app.close()
      await database.close()
    } finally {
      clearTimeout(force)
      process.exit(0)
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"))
  process.on("SIGINT", () => void shutdown("SIGINT"))

  await app.listen({ port: env.PORT, host: env.HOST })
  logger.info(`Closer no ar em ${env.PUBLIC_URL}`)
}

await main()
