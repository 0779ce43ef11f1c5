import { useEffect, useState } from "react"
import { toDataURL, type QRCodeMaskPattern } from "qrcode"
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

type Rendered = { value: string; src: string } | { value: string; failed: true }

const box = "size-56 rounded-card"

export function QrCode({
  value,
  mask,
  loading = false,
  alt = "QR Code Pix",
  className,
}: QrCodeProps) {
  const [rendered, setRendered] = useState<Rendered | null>(null)

  useEffect(() => {
    if (!value) return
    let current = true
    const maskPattern =
      mask != null && mask >= 0 && mask <= 7 ? (mask as QRCodeMaskPattern) : undefined
    toDataURL(value, { ...QR_CODE_OPTIONS, maskPattern, type: "image/png" }).then(
      (src) => current && setRendered({ value, src }),
      () => current && setRendered({ value, failed: true }),
    )
    return () => {
      current = false
    }
  }, [value, mask])

  // Only a picture drawn for the current code counts; an older one would pay the wrong charge.
  const ready = !loading && value && rendered?.value === value ? rendered : null

  if (ready && "failed" in ready) {
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

  if (ready) {
    return (
      <img
        data-slot="qr-code"
        src={ready.src}
        alt={alt}
        className={cn(box, "bg-white [image-rendering:pixelated]", className)}
      />
    )
  }

  return (
    <div data-slot="qr-code" role="status" className={cn(box, "relative", className)}>
      <Skeleton className="absolute inset-0" />
      <span className="sr-only">Carregando QR Code Pix</span>
    </div>
  )
}
