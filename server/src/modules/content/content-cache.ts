import type { z } from "zod"
import { createTtlCache } from "../../cache/ttl-cache.ts"
import { serialise, type SerialisedAnswer } from "../../serialised-answer.ts"

/**
 * A creator's published content as every subscriber of hers reads it alike (her photos, stories
 * and highlights), and which photos one viewer liked, kept in memory for `ttlMs`: at a launch
 * thousands read the same rows within a second. Never who may see them: every request still
 * reads the token's account and its subscription before anything here is answered, so a
 * subscription that ends loses access on its next request. This replica forgets a viewer's
 * likes when she changes one; content edited elsewhere shows within `ttlMs`.
 */
export function createContentCache(ttlMs: number) {
  const on = ttlMs > 0
  const shared = on ? createTtlCache<unknown>({ ttlMs, maxEntries: 2_000 }) : null
  const likes = on ? createTtlCache<ReadonlySet<string>>({ ttlMs, maxEntries: 20_000 }) : null
  // A page of photos is about 40 KB: a thousand answers at most.
  const answers = on ? createTtlCache<SerialisedAnswer>({ ttlMs, maxEntries: 1_000 }) : null
  return {
    /** `key` names the creator and the part of her content `load` reads. */
    creatorContent<V>(key: string, load: () => Promise<V>): Promise<V> {
      return shared ? (shared.get(key, load) as Promise<V>) : load()
    },
    /** The ids `viewerId` liked among the content named by `key`. */
    likedBy(viewerId: string, key: string, load: () => Promise<ReadonlySet<string>>) {
      return likes ? likes.get(`${viewerId}\n${key}`, load) : load()
    },
    forgetLikesOf(viewerId: string) {
      likes?.deleteWhere((key) => key.startsWith(`${viewerId}\n`))
      answers?.deleteWhere((key) => key.startsWith(`${viewerId}\n`))
    },
    /**
     * One viewer's answer, built from the rows above and her likes and links, and serialised:
     * asked again within `ttlMs` (a launch, a refresh), it is sent as it was. `key` names the
     * content and the links' expiry, so new links make a new answer. Only after the access check.
     */
    answerFor<T extends z.ZodType>(
      viewerId: string,
      key: string,
      schema: T,
      route: string,
      build: () => Promise<z.output<T>>,
    ): Promise<SerialisedAnswer> {
      const make = async () => serialise(schema, await build(), route)
      return answers ? answers.get(`${viewerId}\n${key}`, make) : make()
    },
  }
}

export type ContentCache = ReturnType<typeof createContentCache>
