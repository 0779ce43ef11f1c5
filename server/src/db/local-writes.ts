import type { PGlite } from "@electric-sql/pglite"

/**
 * How many times anything may have written through this process's one PGlite: the count moves
 * when a statement other than a plain `select`, or a transaction, starts and again when it
 * ends. PGlite has one process and one connection (its data directory is locked to this
 * server), so a read that saw the same count before and after it, and sees it still, would read
 * the same rows again.
 */
export interface LocalWrites {
  generation(): number
}

/** Anything but a plain select may write: `with`, `insert`, `update`, `delete`, DDL, `call`… */
const plainSelect = /^\s*select\b/i

type Query = PGlite["query"]
type Exec = PGlite["exec"]
type Transaction = PGlite["transaction"]

/** Wraps `client`'s entry points (Drizzle uses `query` and `transaction`) to count its writes. */
export function watchLocalWrites(client: PGlite): LocalWrites {
  let generation = 0
  const around = async <T>(write: boolean, run: () => Promise<T>): Promise<T> => {
    if (!write) return run()
    generation += 1
    try {
      return await run()
    } finally {
      generation += 1
    }
  }
  const query = client.query.bind(client)
  const exec = client.exec.bind(client)
  const transaction = client.transaction.bind(client)
  client.query = ((text, params, options) =>
    around(!plainSelect.test(text), () => query(text, params, options))) as Query
  client.exec = ((text, options) => around(true, () => exec(text, options))) as Exec
  client.transaction = ((work) => around(true, () => transaction(work))) as Transaction
  return { generation: () => generation }
}
