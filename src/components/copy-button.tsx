import { useState, type ReactNode } from "react"
import { COPY_LINK_ERROR, COPY_LINK_OK } from "../domain/messages.ts"
import { useAlert } from "./ui/alert.tsx"
import { Button, type ButtonProps } from "./ui/button.tsx"
import { cn } from "./ui/cn.ts"
import { CheckIcon, CopyIcon } from "./ui/more-icons.tsx"

/** The browser's clipboard; rejects where the Clipboard API is missing or refused. */
export function writeToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) return Promise.reject(new Error("Clipboard unavailable"))
  return navigator.clipboard.writeText(text)
}

export type CopyButtonProps = Omit<ButtonProps, "onClick" | "loading"> & {
  /** What goes to the clipboard. */
  text: string
  /** Injectable for tests and for places without the Clipboard API. */
  copy?: (text: string) => Promise<void>
  successMessage?: string
  errorMessage?: string
  /**
   * "inline": the message under the button. "alert": the app's top alert instead, for a place
   * with no room under the button (a header).
   */
  feedback?: "inline" | "alert"
  onCopied?: () => void
  onCopyError?: (error: unknown) => void
}

type CopyState = "idle" | "copying" | "copied" | "failed"

function useCopy(
  text: string,
  copy: (text: string) => Promise<void>,
  onCopied: () => void,
  onCopyError: (error: unknown) => void,
) {
  const [state, setState] = useState<CopyState>("idle")
  async function run() {
    setState("copying")
    try {
      await copy(text)
      setState("copied")
      onCopied()
    } catch (error) {
      setState("failed")
      onCopyError(error)
    }
  }
  return { state, run }
}

function stateIcon(state: CopyState): ReactNode {
  if (state === "copying") return null
  return state === "copied" ? <CheckIcon /> : <CopyIcon />
}

export function CopyButton({ feedback = "inline", ...props }: CopyButtonProps) {
  return feedback === "alert" ? <AlertCopyButton {...props} /> : <InlineCopyButton {...props} />
}

function InlineCopyButton({
  text,
  copy = writeToClipboard,
  successMessage = COPY_LINK_OK,
  errorMessage = COPY_LINK_ERROR,
  onCopied,
  onCopyError,
  children = "Copiar",
  className,
  ...props
}: Omit<CopyButtonProps, "feedback">) {
  const { state, run } = useCopy(
    text,
    copy,
    () => onCopied?.(),
    (error) => onCopyError?.(error),
  )

  return (
    <div data-slot="copy-button" className={cn("flex flex-col gap-2", className)}>
      <Button {...props} loading={state === "copying"} onClick={run}>
        {stateIcon(state)}
        {children}
      </Button>
      {/* Always in the page, so the message is announced when it appears. */}
      <p aria-live="polite" className="min-h-5 text-center text-sm">
        {state === "copied" ? <span className="text-brand-ink">{successMessage}</span> : null}
        {state === "failed" ? (
          <span role="alert" className="text-danger-ink">
            {errorMessage}
          </span>
        ) : null}
      </p>
    </div>
  )
}

function AlertCopyButton({
  text,
  copy = writeToClipboard,
  successMessage = COPY_LINK_OK,
  errorMessage = COPY_LINK_ERROR,
  onCopied,
  onCopyError,
  children = "Copiar",
  ...props
}: Omit<CopyButtonProps, "feedback">) {
  const { showAlert } = useAlert()
  const { state, run } = useCopy(
    text,
    copy,
    () => {
      showAlert({ type: "success", message: successMessage })
      onCopied?.()
    },
    (error) => {
      showAlert({ type: "danger", message: errorMessage })
      onCopyError?.(error)
    },
  )

  return (
    <Button
      data-slot="copy-button"
      {...props}
      // Not disabled while copying, so keyboard focus stays on the button; a second press waits.
      aria-busy={state === "copying" || undefined}
      onClick={() => void (state === "copying" ? undefined : run())}
    >
      {stateIcon(state)}
      {children}
    </Button>
  )
}
