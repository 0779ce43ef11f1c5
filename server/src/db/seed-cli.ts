import path from "node:path"
import { createDiskStorage } from "../adapters/storage/disk-storage.ts"
import { systemClock } from "../clock.ts"
import { EnvError, loadEnv } from "../env.ts"
import { productionScrypt } from "../modules/auth/passwords.ts"
import { openDatabase } from "./client.ts"
import { demoAdmin, demoCreators, demoFollowers, demoPassword, seedIfEmpty } from "./seed.ts"

/** `npm run seed`: migrates and adds the demo data to an empty database. */
async function main() {
  const env = loadEnv()
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
  })
  try {
    await database.migrate()
    const storage = createDiskStorage({
      dir: path.join(env.DATA_DIR, "media"),
      secret: env.MEDIA_SIGNING_SECRET,
      clock: systemClock,
    })
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
