import { useState } from "react"

/**
 * The tabs shown since the page opened, `tab` among them: a tab's reads start the first time it
 * shows (the page opens sooner without the lists it does not show) and then stay, refreshing.
 */
export function useTabsShown<Tab>(tab: Tab): ReadonlySet<Tab> {
  const [shown, setShown] = useState<ReadonlySet<Tab>>(() => new Set([tab]))
  // Updated while rendering: React draws again at once, before anything reaches the screen.
  if (!shown.has(tab)) setShown(new Set([...shown, tab]))
  return shown
}
