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
      return json(medias)
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
        : json(medias),
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
