import { useEffect, useMemo, useRef, type ReactNode } from "react"
import { SWRConfig, unstable_serialize, type Middleware } from "swr"
import type { ServedEntry } from "./page-state.ts"

/**
 * Gives SWR the answers a server-rendered page was drawn with (its `fallback`), so hydration
 * renders the same data. The hooks that find their data there do not fetch it again when they
 * mount during hydration; later mounts and focus revalidate as usual.
 */
export function ServedData({ entries, children }: { entries: ServedEntry[]; children: ReactNode }) {
  const hydrating = useRef(true)
  const value = useMemo(() => {
    const fallback = Object.fromEntries(
      entries.map(([key, data]) => [unstable_serialize(key), data]),
    )
    const served: Middleware = (useSWRNext) =>
      function useServed(key, fetcher, config) {
        const fromPage = hydrating.current && unstable_serialize(key) in fallback
        return useSWRNext(key, fetcher, fromPage ? { ...config, revalidateOnMount: false } : config)
      }
    return { fallback, use: [served] }
  }, [entries])
  useEffect(() => {
    hydrating.current = false
  }, [])
  return <SWRConfig value={value}>{children}</SWRConfig>
}
