import { renderHook } from "@testing-library/react"
import { NavigationType, type Location } from "react-router"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { focusMainHeading, scrollActionFor, useScrollAndFocus } from "./scroll-and-focus.ts"

const at = (pathname: string, hash = "", key = pathname): Location => ({
  pathname,
  hash,
  key,
  search: "",
  state: null,
})

describe("scrollActionFor", () => {
  const landing = at("/")
  it("opens a new page at its top, or at its #hash", () => {
    const terms = at("/doc/terms")
    expect(
      scrollActionFor({
        type: NavigationType.Push,
        location: terms,
        previous: landing,
        saved: 900,
      }),
    ).toEqual({ kind: "top" })
    expect(
      scrollActionFor({
        type: NavigationType.Replace,
        location: terms,
        previous: landing,
        saved: undefined,
      }),
    ).toEqual({ kind: "top" })
    expect(
      scrollActionFor({
        type: NavigationType.Push,
        location: at("/doc/terms", "#contato"),
        previous: landing,
        saved: undefined,
      }),
    ).toEqual({ kind: "hash", id: "contato" })
  })

  it("returns to the saved place on back and forward, and to the top when none was saved", () => {
    expect(
      scrollActionFor({
        type: NavigationType.Pop,
        location: landing,
        previous: at("/doc/terms"),
        saved: 1200,
      }),
    ).toEqual({
      kind: "restore",
      top: 1200,
    })
    expect(
      scrollActionFor({
        type: NavigationType.Pop,
        location: landing,
        previous: at("/doc/terms"),
        saved: undefined,
      }),
    ).toEqual({
      kind: "top",
    })
  })

  it("leaves the first page and a change of search parameters where they are", () => {
    expect(
      scrollActionFor({
        type: NavigationType.Pop,
        location: landing,
        previous: null,
        saved: undefined,
      }),
    ).toEqual({ kind: "none" })
    expect(
      scrollActionFor({ type: NavigationType.Pop, location: landing, previous: null, saved: 300 }),
    ).toEqual({
      kind: "restore",
      top: 300,
    })
    expect(
      scrollActionFor({
        type: NavigationType.Replace,
        location: landing,
        previous: landing,
        saved: undefined,
      }),
    ).toEqual({
      kind: "none",
    })
  })
})

describe("useScrollAndFocus", () => {
  let scrollTo: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined)
    document.body.innerHTML = "<main><h1>Termos de uso</h1></main>"
  })
  afterEach(() => {
    scrollTo.mockRestore()
    document.body.innerHTML = ""
  })

  const scrolledTo = (top: number) => {
    Object.defineProperty(window, "scrollY", { value: top, configurable: true })
    window.dispatchEvent(new Event("scroll"))
  }

  it("tops a new page and focuses its heading, then restores the place on back", () => {
    const { rerender } = renderHook(
      ({ location, type }: { location: Location; type: NavigationType }) =>
        useScrollAndFocus(location, type),
      { initialProps: { location: at("/", "", "k1"), type: NavigationType.Pop } },
    )
    // The first page is left to the browser, and focus stays where it is.
    expect(scrollTo).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(document.body)

    scrolledTo(1500)
    rerender({ location: at("/doc/terms", "", "k2"), type: NavigationType.Push })
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
    const heading = document.querySelector("h1")!
    expect(document.activeElement).toBe(heading)
    expect(heading.getAttribute("tabindex")).toBe("-1")

    scrolledTo(40)
    rerender({ location: at("/", "", "k1"), type: NavigationType.Pop })
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1500)
  })
})

describe("focusMainHeading", () => {
  it("says when the page has no heading to focus", () => {
    document.body.innerHTML = "<main><p>Sem título</p></main>"
    expect(focusMainHeading()).toBe(false)
  })
})

describe("a place restored on a page still being drawn", () => {
  let pageHeight = 300
  let grow: () => void = () => {}
  let disconnected = false
  beforeEach(() => {
    pageHeight = 300
    disconnected = false
    // jsdom has no layout: the page's height clamps the scroll as a browser would.
    vi.spyOn(window, "scrollTo").mockImplementation(((_x: number, top: number) => {
      Object.defineProperty(window, "scrollY", {
        value: Math.min(top, pageHeight),
        configurable: true,
      })
    }) as typeof window.scrollTo)
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          grow = callback
        }
        observe() {}
        disconnect() {
          disconnected = true
        }
      },
    )
    document.body.innerHTML = "<main><h1>Início</h1></main>"
  })
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    document.body.innerHTML = ""
  })

  const backTo = () => {
    const { rerender } = renderHook(
      ({ location, type }: { location: Location; type: NavigationType }) =>
        useScrollAndFocus(location, type),
      { initialProps: { location: at("/", "", "r1"), type: NavigationType.Pop } },
    )
    Object.defineProperty(window, "scrollY", { value: 1500, configurable: true })
    window.dispatchEvent(new Event("scroll"))
    rerender({ location: at("/doc/terms", "", "r2"), type: NavigationType.Push })
    rerender({ location: at("/", "", "r1"), type: NavigationType.Pop })
  }

  it("reaches the place once the page has grown to hold it", () => {
    backTo()
    expect(window.scrollY).toBe(300)
    pageHeight = 5000
    grow()
    expect(window.scrollY).toBe(1500)
    expect(disconnected).toBe(true)
  })

  it("stops waiting when the reader scrolls herself", () => {
    backTo()
    window.dispatchEvent(new Event("wheel"))
    expect(disconnected).toBe(true)
  })
})
