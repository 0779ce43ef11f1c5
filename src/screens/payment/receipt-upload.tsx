import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button, buttonVariants } from "../../components/ui/button.tsx"
import { cn } from "../../components/ui/cn.ts"
import { TextField } from "../../components/ui/text-field.tsx"
import { UploadProgress } from "../../components/upload-progress.tsx"
import { useUploadTask } from "../../components/use-upload-task.ts"
import { browserClock, type Clock } from "../../components/clock.ts"
import { FILE_PICKER_WARNING_MS } from "../../domain/constants.ts"
import { END_TO_END_ID_PATTERN } from "../../domain/pix.ts"
import {
  RECEIPT_END_TO_END_INVALID,
  RECEIPT_FILE_NOT_FOUND,
  RECEIPT_NO_FILE,
  RECEIPT_ONLY_IMAGES,
} from "../../domain/messages.ts"
import type { UploadControl } from "../../domain/uploads.ts"

export const RECEIPT_SENT = "Comprovante enviado! Vamos analisar o seu pagamento."

export type ReceiptUploadProps = {
  /**
   * The image, and the transaction's end-to-end id when the follower typed it: with it the
   * server refuses a receipt already used for another payment even as a different picture.
   * The upload reports its progress to `control` and stops when its signal aborts.
   */
  onUploadReceipt: (file: File, endToEndId: string | null, control: UploadControl) => Promise<void>
  /** Times the wait for the picker's file. */
  clock?: Clock
}

const isImage = (file: File) => file.type.startsWith("image/")

export function ReceiptUpload({ onUploadReceipt, clock = browserClock }: ReceiptUploadProps) {
  const { showAlert } = useAlert()
  const inputId = useId()
  const hintId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [endToEndId, setEndToEndId] = useState("")
  const [endToEndError, setEndToEndError] = useState<string | undefined>()
  const upload = useUploadTask()
  const sending = upload.busy
  const stopWatching = useRef<() => void>(() => {})

  useEffect(() => () => stopWatching.current(), [])

  // Some in-app browsers close the picker without handing over the file: when focus comes back
  // and the input is still empty, say how to get around it.
  function watchPicker() {
    stopWatching.current()
    let timer: number | undefined
    const onFocus = () => {
      timer = clock.setTimeout(() => {
        if (!input.current?.files?.length) {
          showAlert({ type: "danger", message: RECEIPT_FILE_NOT_FOUND })
        }
      }, FILE_PICKER_WARNING_MS)
    }
    window.addEventListener("focus", onFocus, { once: true })
    stopWatching.current = () => {
      window.removeEventListener("focus", onFocus)
      clock.clearTimeout(timer)
    }
  }

  function choose(chosen: File | null) {
    if (chosen && !isImage(chosen)) {
      showAlert({ type: "danger", message: RECEIPT_ONLY_IMAGES })
      if (input.current) input.current.value = ""
      setFile(null)
      return
    }
    // Another picture: the outcome of the last one no longer applies.
    upload.reset()
    setFile(chosen)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) {
      showAlert({ type: "danger", message: RECEIPT_NO_FILE })
      return
    }
    if (!isImage(file)) {
      showAlert({ type: "danger", message: RECEIPT_ONLY_IMAGES })
      return
    }
    const typedId = endToEndId.trim()
    if (typedId && !END_TO_END_ID_PATTERN.test(typedId)) {
      setEndToEndError(RECEIPT_END_TO_END_INVALID)
      return
    }
    sent(await upload.run((control) => onUploadReceipt(file, typedId || null, control)))
  }

  // A failed or cancelled receipt keeps the form as it was, to be sent again.
  function sent(ok: boolean) {
    if (!ok) return
    showAlert({ type: "success", message: RECEIPT_SENT })
    if (input.current) input.current.value = ""
    setFile(null)
    setEndToEndId("")
  }

  return (
    <form
      noValidate
      aria-label="Enviar comprovante"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4"
    >
      <label htmlFor={inputId} className="font-semibold">
        Comprovante do PIX
      </label>
      <p id={hintId} className="text-sm text-muted">
        Tire um print do comprovante no app do seu banco e envie a imagem aqui.
      </p>
      {/* The native control is hidden behind a pt-BR button; it keeps focus and the label. */}
      <div className="flex min-w-0 items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          aria-describedby={hintId}
          disabled={sending}
          onClick={watchPicker}
          onChange={(event) => {
            stopWatching.current()
            choose(event.currentTarget.files?.[0] ?? null)
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          aria-hidden="true"
          className={cn(
            buttonVariants({ variant: "secondary" }),
            "shrink-0 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-link peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
          )}
        >
          Escolher imagem
        </label>
        <span className="min-w-0 truncate text-sm text-muted">
          {file ? file.name : "Nenhuma imagem escolhida"}
        </span>
      </div>
      <TextField
        label="Código da transação (opcional)"
        hint="O ID da transação que começa com E, no comprovante do seu banco."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        disabled={sending}
        value={endToEndId}
        onChange={(value) => {
          setEndToEndId(value)
          setEndToEndError(undefined)
        }}
        error={endToEndError}
        showError={endToEndError ? true : undefined}
      />
      <UploadProgress
        state={upload.state}
        fileName={file?.name}
        onCancel={upload.cancel}
        onRetry={() => void upload.retry().then(sent)}
      />
      {/* While it goes up, the progress holds the "Cancelar" in its place. */}
      {sending ? null : (
        <Button type="submit" block>
          Enviar comprovante
        </Button>
      )}
    </form>
  )
}
