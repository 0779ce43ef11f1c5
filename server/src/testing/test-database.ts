import { randomBytes } from "node:crypto"
import type { Logger } from "drizzle-orm"
import pg from "pg"
import { openDatabase, type OpenedDatabase } from "../db/client.ts"

/**
 * A migrated database of its own for one test file: PostgreSQL (a fresh database created on the
 * DATABASE_URL server and dropped afterwards) when DATABASE_URL is set, else in-memory PGlite.
 * `logger` sees every statement Drizzle sends.
 */
export async function openTestDatabase(options: { logger?: Logger } = {}): Promise<OpenedDatabase> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: "memory://", logger: options.logger })
    await database.migrate()
    return database
  }
  const name = `closer_test_${randomBytes(6).toString("hex")}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: "",
    logger: options.logger,
  })
  await database.migrate()
  return {
    ...database,
    async close() {
      await database.close()
      // pool.end() resolves before its sockets close; a FORCE drop would kill them mid-goodbye.
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS "${name}"`)
            break
          } catch (error) {
            if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        }
      } finally {
        await dropper.end()
      }
    },
  }
}
