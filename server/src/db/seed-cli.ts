import path from "node:path"
import { buildAdapters } from "../adapters/build-adapters.ts"
import { systemClock } from "../clock.ts"
import { EnvError, loadEnv } from "../env.ts"
import { loadDotEnv } from "../dotenv.ts"
import { createLogger } from "../logging/logger.ts"
import { productionScrypt } from "../adapters/passwords/passwords.ts"
import { openDatabase } from "./client.ts"
import { demoAdmin, demoCreators, demoFollowers, demoPassword, seedIfEmpty } from "./seed.ts"

const liveSeedRefusal =
  "npm run seed recusado: PAYMENTS_MODE=live. As contas de demonstração têm a senha pública " +
  `${demoPassword} (inclusive a de operação ${demoAdmin.email}) e não entram num banco com ` +
  "dinheiro real."

/** `npm run seed`: migrates and adds the demo data to an empty database. */
async function main() {
  loadDotEnv()
  const env = loadEnv()
  if (env.PAYMENTS_MODE === "live") throw new EnvError(liveSeedRefusal)
  const logger = createLogger(env.LOG_LEVEL)
  // The server's own storage, so the demo's pictures land where the server will look for them.
  const { storage } = buildAdapters(env, systemClock, logger)
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
  })
  try {
    await database.migrate()
    const seeded = await seedIfEmpty({
      db: database.db,
      storage,
      clock: systemClock,
      scrypt: productionScrypt,
    })
    if (!seeded) {
      console.log(
        "O banco já tem contas: nada foi semeado. Apague DATA_DIR (ou use um banco vazio) para recomeçar.",
      )
      return
    }
    console.log(`Dados de demonstração criados. Senha de todas as contas: ${demoPassword}`)
    for (const creator of demoCreators)
      console.log(`  criadora  ${creator.email.padEnd(30)} /${creator.username}`)
    for (const follower of demoFollowers) console.log(`  seguidor  ${follower.email}`)
    console.log(`  operação  ${demoAdmin.email.padEnd(30)} /admin`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error)
  process.exit(1)
})
