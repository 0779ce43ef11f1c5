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
