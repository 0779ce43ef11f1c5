import { useRef, useState } from "react"
import { useAlert } from "../../components/ui/alert.tsx"
import type { UploadProgressProps } from "../../components/upload-progress.tsx"
import { fileKind, useUploadTask, type SendUpload } from "../../components/use-upload-task.ts"
import { uploadRefusal } from "../../domain/studio-rules.ts"

/**
 * A studio upload: checks the picked file, sends it with progress and cancel (shown by
 * UploadProgress, whose props `progress` holds) and says so in an alert once it is up.
 */
export function useUpload(accept: "image" | "story") {
  const { showAlert } = useAlert()
  const task = useUploadTask()
  const [fileName, setFileName] = useState<string>()
  const successMessage = useRef("")

  const succeeded = (ok: boolean) => {
    if (ok) showAlert({ type: "success", message: successMessage.current })
    return ok
  }

  /** True when the file may go; otherwise the refusal is shown and nothing is sent. */
  const check = (file: File) => {
    const refusal = uploadRefusal(file, accept)
    if (refusal) task.refuse(refusal)
    return !refusal
  }

  /** Resolves true once the file is up. */
  const run = async (file: File, send: SendUpload, success: string) => {
    if (!check(file)) return false
    setFileName(file.name)
    successMessage.current = success
    return succeeded(await task.run(send, fileKind(file)))
  }

  const retry = async () => succeeded(await task.retry())

  const progress: UploadProgressProps = {
    state: task.state,
    fileName,
    onCancel: task.cancel,
    onRetry: () => void retry(),
  }

  return { busy: task.busy, check, run, retry, reset: task.reset, progress }
}
