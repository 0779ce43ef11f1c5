import { useState } from "react"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage, UNEXPECTED_ERROR } from "../../domain/errors.ts"

export type SandboxActions = {
  onPay: () => Promise<void>
  onRefuse: () => Promise<void>
}

export type SandboxControlsProps = SandboxActions & {
  /** What the bank is asked to do: pay a charge, or authorise a Pix Automático. */
  asks?: "payment" | "authorization"
}

/** Test-environment buttons that settle the Pix without a bank, so a demo can be walked through. */
export function SandboxControls({ onPay, onRefuse, asks = "payment" }: SandboxControlsProps) {
  const { showAlert } = useAlert()
  const [running, setRunning] = useState<"pay" | "refuse" | null>(null)

  async function run(which: "pay" | "refuse", action: () => Promise<void>) {
    setRunning(which)
    try {
      await action()
    } catch (error) {
      showAlert({ type: "danger", message: errorMessage(error, UNEXPECTED_ERROR) })
    } finally {
      setRunning(null)
    }
  }

  return (
    <section
      aria-labelledby="sandbox-title"
      className="flex flex-col gap-3 rounded-card border border-dashed border-warning bg-warning-soft p-4"
    >
      <h2 id="sandbox-title" className="font-semibold text-warning-ink">
        Ambiente de teste
      </h2>
      <p className="text-sm text-ink">
        Nenhum dinheiro é cobrado aqui. Simule a resposta do banco para seguir o fluxo.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          className="flex-1"
          loading={running === "pay"}
          disabled={running !== null}
          onClick={() => run("pay", onPay)}
        >
          {asks === "payment" ? "Simular pagamento" : "Simular autorização"}
        </Button>
        <Button
          variant="secondary"
          className="flex-1"
          loading={running === "refuse"}
          disabled={running !== null}
          onClick={() => run("refuse", onRefuse)}
        >
          Simular recusa
        </Button>
      </div>
    </section>
  )
}
