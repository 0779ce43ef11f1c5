import { useLayoutEffect, useRef } from "react"
import type { Location, NavigationType } from "react-router"

/**
 * Scroll and focus after a navigation, as a browser does between documents: a new page opens
 * at its top (or at its #hash), back and forward return to where the reader was, and focus
 * moves to the new page's heading so a screen reader announces it. react-router's
 * ScrollRestoration needs its data router, which this app does without (see routes.ts).
 */

export type ScrollAction =
  | { kind: "restore"; top: number }
  | { kind: "hash"; id: string }
  | { kind: "top" }
  | { kind: "none" }

type Navigation = {
  type: NavigationType
  location: Pick<Location, "pathname" | "hash">
  /** The location shown before; null on the first page. */
  previous: Pick<Location, "pathname" | "hash"> | null
  /** Where the reader left this history entry, if known. */
  saved: number | undefined
}

const hashId = (hash: string) => {
  try {
    return decodeURIComponent(hash.slice(1))
  } catch {
    return hash.slice(1)
  }
}

export function scrollActionFor({ type, location, previous, saved }: Navigation): ScrollAction {
  // The first page: the browser has placed it; only a reload of a visited entry is restored.
  if (!previous)
    return type === "POP" && saved !== undefined
      ? { kind: "restore", top: saved }
      : { kind: "none" }
  if (type === "POP" && saved !== undefined) return { kind: "restore", top: saved }
  const hash = location.hash.length > 1 ? hashId(location.hash) : null
  if (location.pathname === previous.pathname) {
    // The same page with other search parameters keeps its place, unless a new #hash asks.
    return hash && location.hash !== previous.hash ? { kind: "hash", id: hash } : { kind: "none" }
  }
  return hash ? { kind: "hash", id: hash } : { kind: "top" }
}

const STORAGE_KEY = "scrollPositions"
const positions = new Map<string, number>(readStored())

function readStored(): Array<[string, number]> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as unknown
    return Array.isArray(stored) ? (stored as Array<[string, number]>) : []
  } catch {
    return []
  }
}

/**
 * The key of an entry the app has not pushed (a typed address, a link from elsewhere): every
 * document starts with one, so it is never carried across a reload.
 */
const FIRST_ENTRY = "default"

function persist() {
  try {
    // The last 50 entries are plenty for back and forward, and for a reload.
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([...positions].filter(([key]) => key !== FIRST_ENTRY).slice(-50)),
    )
  } catch {
    // Private mode or a full storage: back and forward still work within this page's life.
  }
}

/** The page's main heading, focusable from script only, so focus lands without scrolling. */
export function focusMainHeading(root: ParentNode = document): boolean {
  const heading = root.querySelector<HTMLElement>("main h1, h1")
  if (!heading) return false
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1")
  heading.focus({ preventScroll: true })
  return true
}

/** How long a restored place waits for a page still being drawn (a chunk, its data). */
const RESTORE_WAIT_MS = 2000

/**
 * Back to `top`; when the page is still too short to reach it (its code or data not in yet),
 * again each time it grows, until it is reached, the reader scrolls, or RESTORE_WAIT_MS pass.
 * Returns what stops the waiting.
 */
function restore(top: number): () => void {
  window.scrollTo(0, top)
  if (window.scrollY >= top - 1 || typeof ResizeObserver === "undefined") return () => {}
  const stop = () => {
    observer.disconnect()
    window.clearTimeout(timer)
    for (const event of readerMoves) window.removeEventListener(event, stop)
  }
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, top)
    if (window.scrollY >= top - 1) stop()
  })
  const timer = window.setTimeout(stop, RESTORE_WAIT_MS)
  for (const event of readerMoves) window.addEventListener(event, stop, { passive: true })
  observer.observe(document.body)
  return stop
}
const readerMoves = ["wheel", "touchstart", "keydown"] as const

function scrollTo(action: ScrollAction): () => void {
  if (action.kind === "restore") return restore(action.top)
  if (action.kind === "top") window.scrollTo(0, 0)
  else if (action.kind === "hash") {
    const target = document.getElementById(action.id)
    if (target) target.scrollIntoView()
    else window.scrollTo(0, 0)
  }
  return () => {}
}

/** Keeps each history entry's scroll position and applies `scrollActionFor` when the location changes. */
export function useScrollAndFocus(location: Location, type: NavigationType) {
  const previous = useRef<Location | null>(null)

  useLayoutEffect(() => {
    window.history.scrollRestoration = "manual"
    const key = location.key
    const action = scrollActionFor({
      type,
      location,
      previous: previous.current,
      saved: previous.current || key !== FIRST_ENTRY ? positions.get(key) : undefined,
    })
    const newPage = previous.current !== null && previous.current.pathname !== location.pathname
    previous.current = location
    const stopRestoring = scrollTo(action)
    if (newPage) focusMainHeading()

    const save = () => positions.set(key, window.scrollY)
    window.addEventListener("scroll", save, { passive: true })
    window.addEventListener("pagehide", persist)
    // Saved as the reader scrolls: by the time this cleanup runs the next page is in the DOM,
    // and the scroll position may already be clamped to its height.
    return () => {
      stopRestoring()
      window.removeEventListener("scroll", save)
      window.removeEventListener("pagehide", persist)
    }
    // Only a new history entry moves the page: a revalidation keeps the same location object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key])
}
