import { ApiError } from "../../api/client.ts"
import { keys } from "../../api/keys.ts"
import type { Profile, Subscription } from "../../domain/models.ts"
import type { CreatorSource } from "../creator-page/loaders.ts"
import type { ServedEntry } from "./page-state.ts"

/**
 * One public API read made by the server itself (a GET of /v1 + path with no credentials):
 * the status and the parsed body.
 */
export type PublicRead = (path: string) => Promise<{ status: number; body: unknown }>

const NOT_FOUND = "Recurso não encontrado."

/** The reader a page is drawn for: her account (the `viewer` of the browser's keys) and her reads. */
export type ServerReader = { viewer: string; read: PublicRead }

/**
 * The creator loaders' source for a page rendered on the server: a visitor's view (no token,
 * no e-mail, no subscription) read through `read`, or with `reader` that reader's own
 * subscription read as her; each answer kept under the SWR key the browser's hooks use, so the
 * page's state carries exactly what the first render showed.
 */
export function createServerSource(read: PublicRead, reader?: ServerReader) {
  const served = new Map<string, ServedEntry>()
  const keep = (key: readonly unknown[], data: unknown) =>
    served.set(JSON.stringify(key), [key, data])
  const profiles = new Map<string, Promise<Profile>>()

  async function get(path: string, as: PublicRead = read): Promise<unknown> {
    const { status, body } = await as(path)
    if (status >= 200 && status < 300) return body
    const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown }
    throw new ApiError(
      status,
      typeof message === "string" ? message : NOT_FOUND,
      typeof code === "string" ? code : undefined,
      body,
    )
  }
  const user = (username: string) => encodeURIComponent(username)
  const viewer = reader?.viewer ?? null
  const subscriptions = new Map<string, Promise<Subscription | null>>()

  /** The reader's subscription, read once per page; none (404) is null, as in the browser. */
  function subscription(username: string): Promise<Subscription | null> {
    if (!reader) {
      keep(keys.subscription(username, null), null)
      return Promise.resolve(null)
    }
    let request = subscriptions.get(username)
    if (!request) {
      request = get(`/${user(username)}/subscription`, reader.read)
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null
          throw error
        })
        .then((data) => {
          keep(keys.subscription(username, viewer), data)
          return data as Subscription | null
        })
      subscriptions.set(username, request)
    }
    return request
  }

  const source: CreatorSource = {
    viewer: () => viewer,
    // Only the browser remembers it: the steps after the e-mail's check it once they run.
    email: () => undefined,
    profile(username) {
      let profile = profiles.get(username)
      if (!profile) {
        profile = get(`/profile/${user(username)}`).then((data) => {
          keep(keys.profile(username), data)
          return data as Profile
        })
        profiles.set(username, profile)
      }
      return profile
    },
    async highlights(username) {
      try {
        keep(keys.highlights(username, null), await get(`/u/${user(username)}/highlights`))
      } catch {
        // Left to the browser, whose hook asks again and shows the failure.
      }
    },
    async stats(username) {
      try {
        keep(keys.stats(username), await get(`/u/${user(username)}/stats`))
      } catch {
        // The counts are left to the browser.
      }
    },
    async subscriptionAhead(username) {
      // A visitor has no subscription; a reader's failing read is left to her browser.
      await subscription(username).catch(() => undefined)
    },
    subscription,
  }
  // In key order, not in the order the reads happened to answer: the same data makes the
  // same page, byte for byte.
  const inKeyOrder = () =>
    [...served.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry)
  return { source, served: inKeyOrder }
}
