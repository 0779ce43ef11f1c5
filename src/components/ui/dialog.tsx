import type { ComponentProps, ReactNode } from "react"
import * as DialogPrimitive from "@radix-ui/react-dialog"
import { cva } from "class-variance-authority"
import { Button, type ButtonProps } from "./button.tsx"
import { cn } from "./cn.ts"
import { CloseIcon } from "./icons.tsx"

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

/** A bottom sheet on phones (thumb reach), a centred card from the `sm` breakpoint up. */
export const dialogContentVariants = cva(
  "fixed z-50 flex max-h-[90dvh] flex-col gap-4 overflow-y-auto bg-surface p-6 text-ink shadow-sheet animate-sheet-in focus:outline-none " +
    "inset-x-0 bottom-0 rounded-t-2xl pb-[max(1.5rem,env(safe-area-inset-bottom))] " +
    "sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card sm:pb-6",
)

export type DialogContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  title: ReactNode
  description?: ReactNode
  /** Hides the corner close button (the content then offers its own way out). */
  hideClose?: boolean
}

export function DialogContent({
  title,
  description,
  hideClose = false,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 animate-fade-in" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(dialogContentVariants(), className)}
        // Without a description Radix expects an explicit opt-out.
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
      >
        <div className="flex items-start gap-2">
          <DialogPrimitive.Title className="flex-1 self-center text-xl font-semibold">
            {title}
          </DialogPrimitive.Title>
          {hideClose ? null : (
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" aria-label="Fechar" className="-my-2 -mr-3 size-11 px-0">
                <CloseIcon />
              </Button>
            </DialogPrimitive.Close>
          )}
        </div>
        {description ? (
          <DialogPrimitive.Description className="text-muted">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

export type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  /** "danger" for destructive confirmations such as cancelling a subscription. */
  confirmVariant?: ButtonProps["variant"]
  /** Keeps the dialog open with a busy confirm button while the action runs. */
  loading?: boolean
  onConfirm: () => void
  onCancel?: () => void
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Confirmar",
  cancelLabel = "Voltar",
  confirmVariant = "primary",
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (loading ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog" title={title} description={description} hideClose>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={loading}
            onClick={() => {
              onCancel?.()
              onOpenChange(false)
            }}
          >
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
