import { mkdirSync } from "node:fs"
import { PGlite } from "@electric-sql/pglite"
import type { Logger, SQL } from "drizzle-orm"
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core"
import { drizzle as drizzlePglite } from "drizzle-orm/pglite"
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator"
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres"
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator"
import pg from "pg"
import * as billing from "./schema-billing.ts"
import * as mail from "./schema-mail.ts"
import * as notifications from "./schema-notifications.ts"
import * as core from "./schema.ts"
import { fromProjectRoot } from "../project-root.ts"
import { lockDataDir } from "./data-dir-lock.ts"
import { watchLocalWrites, type LocalWrites } from "./local-writes.ts"

export const schema = { ...core, ...billing, ...mail, ...notifications }
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
  /**
   * Runs `work` while holding a cluster-wide lock, so replicas starting together migrate and
   * seed one after the other. PGlite has one process by nature: it just runs `work`.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
  /** PGlite only: every write goes through this process, which counts them. */
  localWrites?: LocalWrites
}

export async function rowsOf<T>(db: Pick<Executor, "execute">, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** Arbitrary, fixed: the advisory lock key replicas agree on for start-up work. */
const STARTUP_LOCK_KEY = 7_130_512

const migrationsFolder = fromProjectRoot("server/src/db/migrations")

/**
 * PostgreSQL when `databaseUrl` is given, else embedded PGlite in `dataDir` (or `memory://`).
 * `logger` sees every statement Drizzle sends (tests count the queries of a request with it).
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
  logger?: Logger
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    const db = drizzlePg({ client: pool, schema, logger: options.logger })
    return {
      db: db as unknown as Database,
      driver: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      async withStartupLock(work) {
        const client = await pool.connect()
        try {
          await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY])
          return await work()
        } finally {
          await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {})
          client.release()
        }
      },
      close: () => pool.end(),
    }
  }
  if (options.dataDir.startsWith("memory://"))
    return usePglite(await PGlite.create(options.dataDir), options.logger)
  mkdirSync(options.dataDir, { recursive: true })
  const release = lockDataDir(options.dataDir)
  try {
    const opened = usePglite(await PGlite.create(options.dataDir), options.logger)
    return { ...opened, close: () => opened.close().finally(release) }
  } catch (error) {
    release()
    throw error
  }
}

/** Drizzle over an open PGlite, which the returned `close` shuts. */
export function usePglite(client: PGlite, logger?: Logger): OpenedDatabase {
  const localWrites = watchLocalWrites(client)
  const db = drizzlePglite({ client, schema, logger })
  return {
    db: db as unknown as Database,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    withStartupLock: (work) => work(),
    close: () => client.close(),
    localWrites,
  }
}
