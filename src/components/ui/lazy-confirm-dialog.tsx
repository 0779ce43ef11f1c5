import { lazy, Suspense, useState } from "react"
import type { ConfirmDialogProps } from "./dialog.tsx"

const loadDialog = () => import("./dialog.tsx")
const ConfirmDialog = lazy(async () => ({ default: (await loadDialog()).ConfirmDialog }))

/** Starts downloading the confirmation's code, as a pointer or focus reaches what opens it. */
export function preloadConfirmDialog() {
  void loadDialog()
}

/**
 * ConfirmDialog whose code (Radix's dialog, focus trap and scroll lock) arrives when it first
 * opens: a confirmation is never part of a page's first paint. Once opened it stays mounted, so
 * closing it behaves as the plain dialog does.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open)
  if (props.open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  )
}
