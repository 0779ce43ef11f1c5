import type { Logger } from "drizzle-orm"
import { openDatabase, type OpenedDatabase } from "../src/db/client.ts"
import { createScratchDatabase } from "./scratch-database.ts"

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
  const scratch = await createScratchDatabase(adminUrl, "closer_test")
  const database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: "",
    logger: options.logger,
  })
  await database.migrate()
  return {
    ...database,
    async close() {
      await database.close()
      await scratch.drop()
    },
  }
}
