import type { Logger } from "drizzle-orm"
import { PGlite } from "@electric-sql/pglite"
import { openDatabase, usePglite, type OpenedDatabase } from "../src/db/client.ts"
import { migratedTemplate } from "./pglite-template.ts"
import { createScratchDatabase } from "./scratch-database.ts"

/**
 * A migrated database of its own for one test file: PostgreSQL (a fresh database created on the
 * DATABASE_URL server and dropped afterwards) when DATABASE_URL is set, else in-memory PGlite
 * started from a migrated template.
 * `logger` sees every statement Drizzle sends.
 */
export async function openTestDatabase(options: { logger?: Logger } = {}): Promise<OpenedDatabase> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    const client = await PGlite.create({
      dataDir: "memory://",
      loadDataDir: await migratedTemplate(),
    })
    const database = usePglite(client, options.logger)
    // Already migrated: this only reads the journal, and catches a stale template.
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
