import { ApiError } from "../../api/client.ts"
import { keys } from "../../api/keys.ts"
import type { Profile } from "../../domain/models.ts"
import type { CreatorSource } from "../creator-page/loaders.ts"
import type { ServedEntry } from "./page-state.ts"

/**
 * One public API read made by the server itself (a GET of /v1 + path with no credentials):
 * the status and the parsed body.
 */
export type PublicRead = (path: string) => Promise<{ status: number; body: unknown }>

const NOT_FOUND = "Recurso não encontrado."

/**
 * The creator loaders' source for a page rendered on the server: a visitor's view (no token,
 * no e-mail, no subscription) read through `read`, each answer kept under the SWR key the
 * browser's hooks use, so the page's state carries exactly what the first render showed.
 */
export function createServerSource(read: PublicRead) {
  const served = new Map<string, ServedEntry>()
  const keep = (key: readonly unknown[], data: unknown) =>
    served.set(JSON.stringify(key), [key, data])
  const profiles = new Map<string, Promise<Profile>>()

  async function get(path: string): Promise<unknown> {
    const { status, body } = await read(path)
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

  const source: CreatorSource = {
    viewer: () => null,
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
      // A visitor has no subscription.
      keep(keys.subscription(username, null), null)
    },
    subscription: async () => null,
  }
  // In key order, not in the order the reads happened to answer: the same data makes the
  // same page, byte for byte.
  const inKeyOrder = () =>
    [...served.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry)
  return { source, served: inKeyOrder }
}
