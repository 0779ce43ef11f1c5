import { randomBytes } from "node:crypto"
import type { FastifyBaseLogger } from "fastify"
import type { Storage } from "../adapters/storage/storage.ts"
import type { Clock } from "../clock.ts"
import type { Database } from "../db/client.ts"

/** What the re-processing of stored images works with. */
export interface ReprocessDeps {
  db: Database
  storage: Storage
  clock: Clock
  log: FastifyBaseLogger
}

/** A fresh base beside the old file: two replicas on one row never write the same keys. */
export const baseBeside = (key: string) =>
  `${key.replace(/\.[a-z0-9]+$/, "")}-${randomBytes(4).toString("hex")}`

/** A stored file's bytes. */
export const readStored = async (storage: Storage, key: string) =>
  Buffer.concat(await storage.read(key).toArray())

/** Walks a table in id order from the start, `batchSize` rows at a time. */
export async function* walk<T extends { id: string }>(read: (after: string) => Promise<T[]>) {
  for (let last = ""; ;) {
    const rows = await read(last)
    if (rows.length === 0) return
    for (const row of rows) yield row
    last = rows.at(-1)!.id
  }
}
