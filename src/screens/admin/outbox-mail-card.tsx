import { useId, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { formatDateTime } from "../../domain/admin-labels.ts"
import type { OutboxMail } from "../../domain/sandbox-outbox.ts"

/** One mail of the sandbox outbox: who, what and when, and its content once opened. */
export function OutboxMailCard({ mail }: { mail: OutboxMail }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h2 id={`${id}-title`} className="flex flex-col">
        <span className="font-semibold">{mail.subject}</span>
        <span className="text-sm break-all">Para: {mail.to}</span>
      </h2>
      <p className="text-sm text-muted tabular-nums">Enviado em {formatDateTime(mail.sentAt)}</p>
      <div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          aria-describedby={`${id}-title`}
          onClick={() => setOpen(!open)}
        >
          {open ? "Fechar" : "Abrir"}
        </Button>
      </div>
      {open ? (
        <div id={`${id}-body`} className="flex flex-col gap-2">
          {mail.html ? (
            // The mail's own HTML never enters this page: a sandboxed frame without scripts,
            // forms or same-origin access draws it.
            <iframe
              title={`Conteúdo do e-mail: ${mail.subject}`}
              sandbox=""
              srcDoc={mail.html}
              className="h-96 w-full rounded-card border border-line bg-white"
            />
          ) : null}
          <details open={!mail.html}>
            <summary className="cursor-pointer text-sm font-semibold">Versão em texto</summary>
            <pre className="mt-2 text-sm break-words whitespace-pre-wrap">{mail.text}</pre>
          </details>
        </div>
      ) : null}
    </Card>
  )
}
