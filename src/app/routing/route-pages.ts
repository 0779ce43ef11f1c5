import type { ComponentType } from "react"

type PageModule = { default: ComponentType; ErrorBoundary?: ComponentType }

/** What `import.meta.glob` gives for a folder's pages: each file's path and its loader. */
export type PageLoaders = Record<string, () => Promise<unknown>>

/** `file`, relative to `folder`, as a path from the project root ("a/b" and "../c.tsx" give "a/c.tsx"). */
function fromRoot(folder: string, file: string): string {
  const parts: string[] = []
  for (const part of `${folder}/${file}`.split("/"))
    if (part === "..") parts.pop()
    else if (part !== "." && part !== "") parts.push(part)
  return parts.join("/")
}

/**
 * The route pages a route file found with `import.meta.glob`, from `folder` (that file's folder,
 * from the project root). `page("./x-route.tsx")` loads the page's own chunk the first time the
 * route is entered, and names its module: the server then tells the browser which chunks a page
 * needs with the HTML, before the app runs (server/src/modules/pages).
 */
export function routePages(loaders: PageLoaders, folder: string) {
  return (file: string) => {
    const load = loaders[file]
    if (!load) throw new Error(`No route page ${file} under ${folder}`)
    return {
      module: fromRoot(folder, file),
      lazy: async () => {
        const { default: Component, ErrorBoundary } = (await load()) as PageModule
        return ErrorBoundary ? { Component, ErrorBoundary } : { Component }
      },
    }
  }
}
