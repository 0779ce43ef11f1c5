import type { UploadControl } from "../domain/uploads.ts"
import { subscriptionAnswer } from "./subscriptions.ts"
import { apiUpload } from "./upload.ts"

// Apart from subscriptions.ts, which the guards of every creator page load: the upload code
// (XMLHttpRequest, progress, token renewal) is needed by the payment status page alone.

/** The Pix receipt image, as multipart `file`; the service worker never touches it. */
export function uploadPixReceipt(
  username: string,
  file: File,
  endToEndId: string | null = null,
  control?: UploadControl,
) {
  const form = new FormData()
  // Before the file: the server reads the fields that precede it in the stream.
  if (endToEndId) form.append("endToEndId", endToEndId)
  form.append("file", file)
  return apiUpload(
    `/${encodeURIComponent(username)}/subscription/pix/receipt`,
    subscriptionAnswer,
    form,
    control,
  )
}
