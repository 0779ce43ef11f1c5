import { useCallback, useEffect, useState } from "react"

/** Modules already loaded, by their loader: a part shown again renders at once. */
const loaded = new WeakMap<() => Promise<unknown>, unknown>()

export type OnDemand<Module> = {
  /** The module once loaded; null while loading, failed or not wanted yet. */
  module: Module | null
  failed: boolean
  retry: () => void
}

/**
 * Loads a part of a screen (e.g. a form and its schemas) the first time it is wanted, so the
 * screen's first load carries none of it. Unlike React.lazy a failed load can be retried, and
 * the screen decides what stands in while it loads.
 */
export function useOnDemand<Module>(
  load: () => Promise<Module>,
  wanted: boolean,
): OnDemand<Module> {
  const [module, setModule] = useState<Module | null>(
    () => (loaded.get(load) as Module | undefined) ?? null,
  )
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!wanted || module || failed) return
    let current = true
    load().then(
      (loadedModule) => {
        loaded.set(load, loadedModule)
        if (current) setModule(() => loadedModule)
      },
      () => current && setFailed(true),
    )
    return () => {
      current = false
    }
  }, [load, wanted, module, failed])
  // Clearing the failure runs the effect again, so the load is tried once more.
  const retry = useCallback(() => setFailed(false), [])
  return { module, failed, retry }
}
