import { create } from "qrcode"
import { QR_CODE_OPTIONS } from "../domain/constants.ts"

/**
 * Finds a Pix code's QR mask away from the page's thread: drawing a QR tries all eight masks and
 * keeps the most readable, which is most of its work (a long task on a phone as the Pix shows).
 * Null when the code cannot be drawn; the page then finds out itself, and says so.
 */
self.addEventListener("message", (event: MessageEvent<string>) => {
  self.postMessage({ value: event.data, maskPattern: maskOf(event.data) })
})

function maskOf(value: string): number | null {
  try {
    return create(value, QR_CODE_OPTIONS).maskPattern ?? null
  } catch {
    return null
  }
}
