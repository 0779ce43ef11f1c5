import { useState } from "react"
import { errorMessage } from "../../domain/errors.ts"
import { useAlert } from "./alert.tsx"

/**
 * Runs what the person asked for (remove, ban, reschedule...): `busy` meanwhile, then the
 * success alert and `done`, or the error's alert with nothing else changed.
 */
export function useAlertedAction() {
  const { showAlert } = useAlert()
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<void>, success: string, done?: () => void) => {
    setBusy(true)
    try {
      await action()
      showAlert({ type: "success", message: success })
      done?.()
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
