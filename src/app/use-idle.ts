import { useEffect, useState } from "react"
import { whenIdle } from "./when-idle.ts"

/** False until the browser is first idle after the component mounted. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  return idle
}
