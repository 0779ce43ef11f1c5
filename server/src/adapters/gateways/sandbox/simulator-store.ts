import { and, eq } from "drizzle-orm"
import type { Database } from "../../../db/client.ts"
import { sandboxObjects } from "../../../db/schema-billing.ts"

/** Where a gateway simulator keeps its invoices, payments and customers. */
export interface SimulatorStore {
  get<T>(kind: string, id: string): Promise<T | null>
  put<T>(kind: string, id: string, value: T): Promise<void>
  list<T>(kind: string): Promise<T[]>
}

/** For the HTTP fakes in tests: gone with the process. */
export function createMemoryStore(): SimulatorStore {
  const data = new Map<string, Map<string, unknown>>()
  const bucket = (kind: string) => {
    let found = data.get(kind)
    if (!found) data.set(kind, (found = new Map()))
    return found
  }
  const copy = <T>(value: T): T => structuredClone(value)
  return {
    async get<T>(kind: string, id: string) {
      const value = bucket(kind).get(id)
      return value === undefined ? null : copy(value as T)
    },
    async put(kind, id, value) {
      bucket(kind).set(id, copy(value))
    },
    async list<T>(kind: string) {
      return [...bucket(kind).values()].map((value) => copy(value as T))
    },
  }
}

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
