import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core"
import { drizzle as drizzlePglite } from "drizzle-orm/pglite"
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator"
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres"
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator"
import pg from "pg"
import * as billing from "./schema-billing.ts"
import * as core from "./schema.ts"

export const schema = { ...core, ...billing }
export type Schema = typeof schema

/** One Drizzle type for both drivers; repositories also accept a transaction of it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Executor = Pick<
  Database,
  "select" | "insert" | "update" | "delete" | "execute" | "$count"
>

export interface OpenedDatabase {
  db: Database
  driver: "pglite" | "postgres"
  migrate(): Promise<void>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url))

/** PostgreSQL when `databaseUrl` is given, else embedded PGlite in `dataDir` (or `memory://`). */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    const db = drizzlePg({ client: pool, schema })
    return {
      db: db as unknown as Database,
      driver: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    }
  }
  if (!options.dataDir.startsWith("memory://")) mkdirSync(options.dataDir, { recursive: true })
  const client = await PGlite.create(options.dataDir)
  const db = drizzlePglite({ client, schema })
  return {
    db: db as unknown as Database,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  }
}
