import { lazy, Suspense } from "react"
import { CopyButton } from "../../components/copy-button.tsx"
import { ReadOnlyValue } from "../../components/read-only-value.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import { COPY_CODE_ERROR } from "../../domain/messages.ts"
import type { Payment, Profile } from "../../domain/models.ts"
import { pixKeyTypeLabel } from "../../domain/pix-keys.ts"

// The QR is a tab away (the code to copy opens first): its drawing code loads when it is shown.
const QrCode = lazy(async () => ({
  default: (await import("../../components/qr-code.tsx")).QrCode,
}))

export type PixPaymentTabsProps = {
  payment: Pick<Payment, "pixCode" | "pixUrl" | "pixQrMask">
  /** The creator's own Pix key (static Pix): adds the "Chave" tab. */
  pix?: Profile["pix"]
  /** Injectable clipboard, for tests and browsers without the Clipboard API. */
  copyToClipboard?: (text: string) => Promise<void>
}

/** The ways to pay a pending Pix: the creator's key, the copy-and-paste code and its QR code. */
export function PixPaymentTabs({ payment, pix, copyToClipboard }: PixPaymentTabsProps) {
  const code = payment.pixCode ?? payment.pixUrl ?? ""
  return (
    <Tabs defaultValue={pix ? "key" : "code"}>
      <TabsList aria-label="Formas de pagar o PIX">
        {pix ? (
          <TabsTrigger value="key" className="px-2 whitespace-nowrap">
            Chave
          </TabsTrigger>
        ) : null}
        <TabsTrigger value="code" className="px-2 whitespace-nowrap">
          QRCode URL
        </TabsTrigger>
        <TabsTrigger value="qr" className="px-2 whitespace-nowrap">
          QRCode
        </TabsTrigger>
      </TabsList>
      {pix ? (
        <TabsContent value="key" className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            Tipo de chave:{" "}
            <span className="font-semibold text-ink">{pixKeyTypeLabel(pix.type)}</span>
          </p>
          <ReadOnlyValue label="Chave PIX" value={pix.key} rows={pix.key.length > 28 ? 2 : 1} />
          <CopyButton
            text={pix.key}
            copy={copyToClipboard}
            variant="secondary"
            block
            errorMessage={COPY_CODE_ERROR}
          >
            Copiar chave
          </CopyButton>
        </TabsContent>
      ) : null}
      <TabsContent value="code" className="flex flex-col gap-3">
        <ReadOnlyValue label="Código PIX copia e cola" value={code} rows={4} />
        <CopyButton text={code} copy={copyToClipboard} block errorMessage={COPY_CODE_ERROR}>
          Copiar código
        </CopyButton>
      </TabsContent>
      <TabsContent value="qr" className="flex flex-col items-center gap-3">
        {/* The mask is the code's: a page address drawn instead finds its own. */}
        <Suspense fallback={<Skeleton className="size-56 rounded-card" />}>
          <QrCode value={code} mask={payment.pixCode ? payment.pixQrMask : null} />
        </Suspense>
        <p className="text-center text-sm text-muted">
          Abra o app do seu banco, escolha pagar com PIX e aponte a câmera para o QR Code.
        </p>
      </TabsContent>
    </Tabs>
  )
}
