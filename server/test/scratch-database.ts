import { randomBytes } from "node:crypto"
import pg from "pg"

export type ScratchDatabase = {
  /** The new database's address: `adminUrl` with its name. */
  url: string
  /** Drops it, waiting for connections still closing to go (closing them, with `force`). */
  drop(): Promise<void>
}

/**
 * An empty database of its own, created on the PostgreSQL server `adminUrl` points at (whose
 * role may create databases), named `prefix` and a random suffix. `force` drops it even while
 * connections remain, for callers whose processes may have died holding some.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  { force = false }: { force?: boolean } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      try {
        if (force) {
          await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
          return
        }
        // pool.end() resolves before its sockets close; a FORCE drop would kill them mid-goodbye.
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
