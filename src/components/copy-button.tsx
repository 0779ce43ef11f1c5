import { useState } from "react"
import { COPY_LINK_ERROR, COPY_LINK_OK } from "../domain/messages.ts"
import { Button, type ButtonProps } from "./ui/button.tsx"
import { cn } from "./ui/cn.ts"
import { CheckIcon, CopyIcon } from "./ui/icons.tsx"

function writeToClipboard(text: string): Promise<void> {
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
  onCopied?: () => void
  onCopyError?: (error: unknown) => void
}

type CopyState = "idle" | "copying" | "copied" | "failed"

export function CopyButton({
  text,
  copy = writeToClipboard,
  successMessage = COPY_LINK_OK,
  errorMessage = COPY_LINK_ERROR,
  onCopied,
  onCopyError,
  children = "Copiar",
  className,
  ...props
}: CopyButtonProps) {
  const [state, setState] = useState<CopyState>("idle")

  async function handleClick() {
    setState("copying")
    try {
      await copy(text)
      setState("copied")
      onCopied?.()
    } catch (error) {
      setState("failed")
      onCopyError?.(error)
    }
  }

  return (
    <div data-slot="copy-button" className={cn("flex flex-col gap-2", className)}>
      <Button {...props} loading={state === "copying"} onClick={handleClick}>
        {state === "copying" ? null : state === "copied" ? <CheckIcon /> : <CopyIcon />}
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
