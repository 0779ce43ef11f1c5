/**
 * Collects what callers ask to write within one turn of the event loop and writes it with one
 * call of `write` (one statement instead of one each, when many requests finish together). Each
 * caller's promise settles when the write that carried its item does.
 */
export function writeTogether<T>(write: (items: T[]) => Promise<unknown>) {
  let waiting: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }> = []
  function flush() {
    const batch = waiting
    waiting = []
    write(batch.map((entry) => entry.item)).then(
      () => batch.forEach((entry) => entry.resolve()),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    )
  }
  return (item: T) =>
    new Promise<void>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush)
      waiting.push({ item, resolve, reject })
    })
}
