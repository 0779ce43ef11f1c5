/** Saves data the app fetched as a JSON file through the browser's own download. */
export function saveJsonFile(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" })
  const url = URL.createObjectURL(blob)
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the download; the URL is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 0)
}
