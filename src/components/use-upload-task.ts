import { useRef, useState } from "react"
import { errorCode, errorMessage } from "../domain/errors.ts"
import type { UploadRefusal } from "../domain/studio.ts"
import type { UploadControl } from "../domain/uploads.ts"
import type { UploadState } from "./upload-progress.tsx"

/** Sends a file with the control it is given: reports progress to it and obeys its signal. */
export type SendUpload = (control: Required<UploadControl>) => Promise<void>

/**
 * One upload on a screen, for UploadProgress: `run` sends (the container's call does the
 * network part), `cancel` aborts it, `retry` sends the last one again. A refusal of the server
 * that names the size or the type shows as that, not as a failure worth retrying.
 */
export function useUploadTask() {
  const [state, setState] = useState<UploadState>({ status: "idle" })
  const current = useRef<AbortController | null>(null)
  const last = useRef<{ send: SendUpload; kind?: "image" | "video" } | null>(null)

  /** Resolves true once the file is up; false when it failed or was cancelled. */
  async function run(send: SendUpload, kind?: "image" | "video"): Promise<boolean> {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    last.current = { send, kind }
    const mine = () => current.current === controller
    setState({ status: "progress", loaded: 0, total: 0 })
    try {
      await send({
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          if (mine() && !controller.signal.aborted) setState({ status: "progress", loaded, total })
        },
      })
      if (mine()) setState({ status: "done" })
      return true
    } catch (error) {
      // A newer upload took over: the screen shows that one.
      if (!mine()) return false
      const code = errorCode(error)
      if (controller.signal.aborted) setState({ status: "cancelled" })
      else if (code === "file_too_large" && kind) setState({ status: "tooLarge", kind })
      else if (code === "invalid_file_type")
        setState({ status: "wrongType", message: errorMessage(error) })
      else setState({ status: "failed", message: errorMessage(error) })
      return false
    } finally {
      if (mine()) current.current = null
    }
  }

  return {
    state,
    busy: state.status === "progress",
    run,
    cancel: () => current.current?.abort(),
    retry: () =>
      last.current ? run(last.current.send, last.current.kind) : Promise.resolve(false),
    /** Shows why a picked file may not go, without sending it. */
    refuse: (refusal: UploadRefusal) =>
      setState(
        refusal.reason === "tooLarge"
          ? { status: "tooLarge", kind: refusal.kind }
          : { status: "wrongType", message: refusal.message },
      ),
    reset: () => setState({ status: "idle" }),
  }
}

export type UploadTask = ReturnType<typeof useUploadTask>

/** The kind a file's declared type names, for the size message of a refusal. */
export const fileKind = (file: { type: string }): "image" | "video" =>
  file.type.startsWith("video/") ? "video" : "image"
