import { act, renderHook, waitFor } from "@testing-library/react"
import type { ReactNode } from "react"
import { SWRConfig } from "swr"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { makeMedias } from "../testing/fixtures/profile.ts"
import { useMedias } from "./medias.ts"

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
)

describe("useMedias pages", () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => vi.stubGlobal("fetch", fetchMock))
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it("asks for 12 photos, then the next page by its cursor, and says when the end came", async () => {
    const all = makeMedias(20)
    fetchMock.mockImplementation(async (url) => {
      const cursor = new URL(String(url)).searchParams.get("cursor")
      return cursor === "pagina-2"
        ? json({ items: all.slice(12), nextCursor: null })
        : json({ items: all.slice(0, 12), nextCursor: "pagina-2" })
    })
    const { result } = renderHook(() => useMedias("demo", "t"), { wrapper })
    await waitFor(() => expect(result.current.data).toHaveLength(12))
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/v1\/u\/demo\/medias\?limit=12$/)
    expect(result.current.more).toBe("more")
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.data).toHaveLength(20))
    expect(String(fetchMock.mock.lastCall?.[0])).toMatch(/\?limit=12&cursor=pagina-2$/)
    // The first page was not asked for again.
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(result.current.more).toBe("end")
  })

  it("keeps the photos it has when a later page fails, and tries that page again", async () => {
    const all = makeMedias(13)
    let fail = true
    fetchMock.mockImplementation(async (url) => {
      if (!new URL(String(url)).searchParams.get("cursor"))
        return json({ items: all.slice(0, 12), nextCursor: "pagina-2" })
      if (fail) return json({ message: "Houve um erro inesperado.", code: "internal" }, 500)
      return json({ items: all.slice(12), nextCursor: null })
    })
    const { result } = renderHook(() => useMedias("demo", "t"), { wrapper })
    await waitFor(() => expect(result.current.more).toBe("more"))
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.more).toBe("error"))
    expect(result.current.data).toHaveLength(12)
    expect(result.current.error).toBeUndefined()
    fail = false
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.data).toHaveLength(13))
    expect(result.current.more).toBe("end")
  })

  it("shows nothing, and no error, to a viewer without access", async () => {
    fetchMock.mockResolvedValue(
      json({ message: "Conteúdo exclusivo", code: "subscription_required" }, 403),
    )
    const { result } = renderHook(() => useMedias("demo", "t"), { wrapper })
    await waitFor(() => expect(result.current.data).toEqual([]))
    expect(result.current.more).toBe("none")
  })
})

describe("useMedias likes", () => {
  const fetchMock = vi.fn<typeof fetch>()
  const medias = makeMedias(2)
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock)
    document.cookie = "XSRF-TOKEN=abc"
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it("does not ask for photos without a signed-in viewer", () => {
    const { result } = renderHook(() => useMedias("demo", null), { wrapper })
    expect(result.current.data).toBeUndefined()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the like at once and sends it", async () => {
    let release!: () => void
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith("/like")) {
        await new Promise<void>((r) => (release = r))
        return json({ hasLiked: true })
      }
      return json({ items: medias, nextCursor: null })
    })
    const { result } = renderHook(() => useMedias("demo", "t"), { wrapper })
    await waitFor(() => expect(result.current.data).toHaveLength(2))

    let done!: Promise<void>
    act(() => {
      done = result.current.toggleLike(medias[0]!._id, true)
    })
    await waitFor(() => expect(result.current.data?.[0]?.hasLiked).toBe(true))
    expect(fetchMock.mock.lastCall?.[0]).toMatch(/\/v1\/medias\/media-1\/like$/)
    expect(fetchMock.mock.lastCall?.[1]?.method).toBe("POST")
    release()
    await act(() => done)
    expect(result.current.data?.[0]?.hasLiked).toBe(true)
  })

  it("rolls the like back when the server refuses it", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith("/like")
        ? json({ message: "Assinatura necessária", code: "subscription_required" }, 403)
        : json({ items: medias, nextCursor: null }),
    )
    const { result } = renderHook(() => useMedias("demo", "t"), { wrapper })
    await waitFor(() => expect(result.current.data).toHaveLength(2))
    await act(async () => {
      await expect(result.current.toggleLike(medias[0]!._id, true)).rejects.toThrow(
        "Assinatura necessária",
      )
    })
    expect(result.current.data?.[0]?.hasLiked).toBe(false)
  })
})
