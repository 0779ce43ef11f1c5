import { useMemo } from "react"
import { toString, type QRCodeMaskPattern } from "qrcode"
import { QR_CODE_OPTIONS } from "../domain/constants.ts"
import { cn } from "./ui/cn.ts"
import { Skeleton } from "./ui/skeleton.tsx"

export type QrCodeProps = {
  /** The Pix copy-and-paste code; absent while the payment is being created. */
  value?: string | null
  /**
   * The QR's mask, when the server sent it with the code: drawing then skips trying all eight,
   * most of its work, for the very same picture.
   */
  mask?: number | null
  loading?: boolean
  alt?: string
  className?: string
}

const box = "size-56 rounded-card"

/**
 * The code's picture as an SVG address, drawn at once: the same markup on a page the server
 * drew and in the browser taking it over, so the QR shows with the page's first paint. Null
 * when the code cannot be drawn (more than a QR holds).
 */
function drawQr(value: string, mask: number | null | undefined): string | null {
  const maskPattern =
    mask != null && mask >= 0 && mask <= 7 ? (mask as QRCodeMaskPattern) : undefined
  let svg: string | null = null
  try {
    // With a callback the library draws synchronously, on the server and in the browser alike.
    toString(value, { ...QR_CODE_OPTIONS, maskPattern, type: "svg" }, (error, drawn) => {
      svg = error ? null : drawn
    })
  } catch {
    svg = null
  }
  return svg === null ? null : `data:image/svg+xml,${encodeURIComponent(svg)}`
}

export function QrCode({
  value,
  mask,
  loading = false,
  alt = "QR Code Pix",
  className,
}: QrCodeProps) {
  // Drawn once per code: the page re-renders every second for its countdown.
  const src = useMemo(() => (value ? drawQr(value, mask) : undefined), [value, mask])
  const shown = !loading && value

  if (shown && src === null) {
    return (
      <p
        data-slot="qr-code"
        role="alert"
        className={cn(
          box,
          "flex items-center justify-center border border-line p-4 text-center text-sm text-muted",
          className,
        )}
      >
        Não foi possível gerar o QR Code. Use o código Pix copia e cola.
      </p>
    )
  }

  if (shown && src) {
    return (
      <img data-slot="qr-code" src={src} alt={alt} className={cn(box, "bg-white", className)} />
    )
  }

  return (
    <div data-slot="qr-code" role="status" className={cn(box, "relative", className)}>
      <Skeleton className="absolute inset-0" />
      <span className="sr-only">Carregando QR Code Pix</span>
    </div>
  )
}
