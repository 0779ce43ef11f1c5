import { beforeEach, describe, expect, it, vi } from "vitest"
import { makeStories } from "../../testing/fixtures/profile.ts"

const stories = makeStories(5)
const timeOf = (index: number) => new Date(stories[index]!.createdAt).getTime()

/** The store as a new page load reads it from localStorage. */
const load = async () => {
  vi.resetModules()
  return import("./stories-store.ts")
}

beforeEach(() => localStorage.clear())

describe("stories store per creator (spec §3, §4)", () => {
  it("opens a creator never visited at the first story, with sound", async () => {
    const { rememberedPlayback } = await load()
    expect(rememberedPlayback("demo", stories)).toMatchObject({
      startIndex: 0,
      startProgress: 0,
      defaultMuted: false,
    })
  })

  it("remembers mute per creator across page loads", async () => {
    const first = await load()
    first.rememberedPlayback("demo", stories).onMutedChange(true)
    const next = await load()
    expect(next.rememberedPlayback("demo", stories).defaultMuted).toBe(true)
    expect(next.rememberedPlayback("outra", stories).defaultMuted).toBe(false)
    expect(JSON.parse(localStorage.getItem("stories")!)).toEqual({
      demo: { currentIndex: 0, progress: 0, muted: true, lastActivity: 0 },
    })
  })

  it("starts at the first story newer than the last one finished, keeping the newest", async () => {
    const { rememberedPlayback } = await load()
    const playback = rememberedPlayback("demo", stories)
    playback.onFinished(stories[2]!)
    playback.onFinished(stories[0]!)
    const next = await load()
    expect(next.creatorStories("demo").lastActivity).toBe(timeOf(2))
    expect(next.rememberedPlayback("demo", stories).startIndex).toBe(3)
  })

  it("resumes part-way only on the story the player closed on", async () => {
    const { rememberedPlayback } = await load()
    const playback = rememberedPlayback("demo", stories)
    playback.onFinished(stories[0]!)
    playback.onPosition({ index: 1, progress: 0.4 })
    expect((await load()).rememberedPlayback("demo", stories)).toMatchObject({
      startIndex: 1,
      startProgress: 0.4,
    })
    // Closed while watching an older story again: the first unseen one starts from the top.
    ;(await load()).rememberedPlayback("demo", stories).onPosition({ index: 0, progress: 0.7 })
    expect((await load()).rememberedPlayback("demo", stories)).toMatchObject({
      startIndex: 1,
      startProgress: 0,
    })
  })

  it("starts over at the first story once all have been finished", async () => {
    const { rememberedPlayback } = await load()
    rememberedPlayback("demo", stories).onFinished(stories[4]!)
    expect((await load()).rememberedPlayback("demo", stories).startIndex).toBe(0)
  })

  it("ignores bad stored values: a non-object, a bad entry, and each bad field", async () => {
    localStorage.setItem("stories", JSON.stringify(["demo"]))
    expect((await load()).storiesStore.get()).toEqual({})
    localStorage.setItem("stories", "{not json")
    expect((await load()).storiesStore.get()).toEqual({})
    localStorage.setItem(
      "stories",
      JSON.stringify({
        demo: { currentIndex: -2, progress: 3, muted: "sim", lastActivity: "ontem" },
        outra: "muted",
        terceira: { currentIndex: 2, progress: 0.5, muted: true, lastActivity: timeOf(1) },
      }),
    )
    const { storiesStore } = await load()
    expect(storiesStore.get()).toEqual({
      demo: { currentIndex: 0, progress: 0, muted: false, lastActivity: 0 },
      terceira: { currentIndex: 2, progress: 0.5, muted: true, lastActivity: timeOf(1) },
    })
  })
})
