// SWR imports `use-sync-external-store/shim`, a fallback for React before 18; React 19 has the
// hook itself, so the app ships React's instead of the shim's 2 KB.
export { useSyncExternalStore } from "react"
