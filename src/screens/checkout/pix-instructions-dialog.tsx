import { Button } from "../../components/ui/button.tsx"
import type { ReactNode } from "react"
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../../components/ui/dialog.tsx"

export type PixInstructionsDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opens it; focus returns there on close. */
  trigger?: ReactNode
}

const steps = [
  "Abra o app do seu banco e entre na área Pix.",
  "Escolha Pix copia e cola e cole o código, ou escaneie o QR Code.",
  "Confira o valor e o nome e confirme o pagamento.",
]

export function PixInstructionsDialog({ open, onOpenChange, trigger }: PixInstructionsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent title="Como pagar com Pix" description="São só 3 passos no app do seu banco.">
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
