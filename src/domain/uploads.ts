/** Files on their way to the server: how far they got, and the words that say so. */

import { lazily } from "./dates.ts"

/** Bytes sent so far of the request's body, as the browser reports them. */
export type UploadProgress = { loaded: number; total: number }

/**
 * What a screen hands to whoever sends its file: a signal that stops the upload and a callback
 * that hears how far it got. The API client's upload takes exactly this.
 */
export type UploadControl = {
  signal?: AbortSignal
  onProgress?: (progress: UploadProgress) => void
}

/** 0 to 100, rounded down so 100 % means every byte has gone; 0 while the size is unknown. */
export function uploadPercent({ loaded, total }: UploadProgress): number {
  if (!(total > 0) || !(loaded > 0)) return 0
  return Math.min(100, Math.floor((loaded * 100) / total))
}

// Made on first use: a page's first pt-BR formatter loads the locale's data, a long task on a
// phone, and pages that offer an upload (the payment status's receipt) rarely show a size.
const oneDecimal = lazily(
  () => new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
)

/** 2_621_440 -> "2,5 MB", rounded down; below a megabyte in whole kilobytes ("850 KB"). */
export function formatFileSize(bytes: number): string {
  const mb = 1024 * 1024
  if (bytes < mb) return `${Math.max(0, Math.round(bytes / 1024))} KB`
  return `${oneDecimal().format(Math.floor((bytes * 10) / mb) / 10)} MB`
}

export const videoTooLargeMessage = "O vídeo pode ter até 100 MB."
export const imageTooLargeMessage = "A imagem pode ter até 10 MB."

/** The refusal of a file over its size limit, in words; also shown by a receipt's upload. */
export const tooLargeMessage = (kind: "image" | "video") =>
  kind === "video" ? videoTooLargeMessage : imageTooLargeMessage
