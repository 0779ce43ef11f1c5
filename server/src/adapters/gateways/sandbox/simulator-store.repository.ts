import { and, eq } from "drizzle-orm"
import type { Database } from "../../../db/client.ts"
import { sandboxObjects } from "../../../db/schema-billing.ts"
import type { SimulatorStore } from "./simulator-store.ts"

/** For sandbox mode: a pending sandbox Pix survives a restart of `npm start`. */
export function createDatabaseStore(
  db: Database,
  provider: string,
  now: () => Date,
): SimulatorStore {
  const key = (kind: string, id: string) =>
    and(
      eq(sandboxObjects.provider, provider),
      eq(sandboxObjects.kind, kind),
      eq(sandboxObjects.id, id),
    )
  return {
    async get<T>(kind: string, id: string) {
      const [row] = await db
        .select({ data: sandboxObjects.data })
        .from(sandboxObjects)
        .where(key(kind, id))
      return row ? (row.data as T) : null
    },
    async put(kind, id, value) {
      const data = value as Record<string, unknown>
      await db
        .insert(sandboxObjects)
        .values({ provider, kind, id, data, createdAt: now() })
        .onConflictDoUpdate({
          target: [sandboxObjects.provider, sandboxObjects.kind, sandboxObjects.id],
          set: { data },
        })
    },
    async list<T>(kind: string) {
      const rows = await db
        .select({ data: sandboxObjects.data })
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.provider, provider), eq(sandboxObjects.kind, kind)))
        .orderBy(sandboxObjects.createdAt)
      return rows.map((row) => row.data as T)
    },
  }
}
