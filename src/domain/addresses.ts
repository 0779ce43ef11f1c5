/**
 * A path below the first segment whose last part names a file ("/assets/app-1.js",
 * "/demo/foto.png"): no page of the app looks like that, and answering a missing script with
 * the app's HTML would break the page that asked for it. A single segment with a dot may be a
 * username ("ana.silva"); the profile lookup decides those.
 */
export function looksLikeFile(pathname: string): boolean {
  const parts = pathname.split(/[?#]/)[0]!.split("/").filter(Boolean)
  return parts.length > 1 && /\.[A-Za-z0-9]{1,8}$/.test(parts.at(-1)!)
}
