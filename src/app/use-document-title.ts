import { createContext, use, useEffect } from "react"

/** Where the server's render hears a page's title (ssr/render-page.tsx); none in the browser. */
export const ServedTitle = createContext<((title: string) => void) | null>(null)

export function useDocumentTitle(title: string): void {
  use(ServedTitle)?.(title)
  useEffect(() => {
    document.title = title
  }, [title])
}
