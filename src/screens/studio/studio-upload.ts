import { useState } from "react"
import { useAlert } from "../../components/ui/alert.tsx"
import { errorMessage } from "../../domain/errors.ts"
import { uploadProblem } from "../../domain/studio.ts"

/**
 * Checks a picked file, runs the upload and reports the outcome in an alert; `busy` is true
 * while it runs so the screen can show the "enviando" state.
 */
export function useUpload<A extends unknown[]>(
  accept: "image" | "story",
  upload: (file: File, ...rest: A) => Promise<void>,
  successMessage: string,
) {
  const { showAlert } = useAlert()
  const [busy, setBusy] = useState(false)
  const run = async (file: File, ...rest: A): Promise<boolean> => {
    const problem = uploadProblem(file, accept)
    if (problem) {
      showAlert({ message: problem })
      return false
    }
    setBusy(true)
    try {
      await upload(file, ...rest)
      showAlert({ type: "success", message: successMessage })
      return true
    } catch (error) {
      showAlert({ message: errorMessage(error) })
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
