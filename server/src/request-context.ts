import { AsyncLocalStorage } from "node:async_hooks"

/**
 * The id of the request being served, wherever the code is (a gateway call deep in a service),
 * so the outgoing call and its log lines carry the same id as the request that caused them.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>()

export const runWithRequestId = <T>(requestId: string, work: () => T): T =>
  storage.run({ requestId }, work)

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId
