import type { RefObject } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Dialog, DialogClose, DialogContent } from "../../components/ui/dialog.tsx"

export type PixInstructionsDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opens it, where focus returns on close. */
  returnFocusTo?: RefObject<HTMLElement | null>
}

const steps = [
  "Abra o app do seu banco e entre na área Pix.",
  "Escolha Pix copia e cola e cole o código, ou escaneie o QR Code.",
  "Confira o valor e o nome e confirme o pagamento.",
]

/**
 * The opening button lives outside the dialog (the page shows it before this code arrives, see
 * pix-payment-screen.tsx), so focus is sent back to it by hand.
 */
export function PixInstructionsDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: PixInstructionsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Como pagar com Pix"
        description="São só 3 passos no app do seu banco."
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return
          event.preventDefault()
          returnFocusTo.current.focus()
        }}
      >
        <ol className="flex flex-col gap-3">
          {steps.map((step, index) => (
            <li key={step} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-ink"
              >
                {index + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
        <DialogClose asChild>
          <Button block>Entendi</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  )
}
