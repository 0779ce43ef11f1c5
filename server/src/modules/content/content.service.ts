import { z } from "zod"
import { MEDIAS_PAGE_SIZE, STORIES_PAGE_SIZE, type Page } from "../../../../src/domain/cursor.ts"
import { PROFILE_NOT_FOUND } from "../../../../src/domain/messages.ts"
import { normalizeUsername } from "../../../../src/domain/route-segments.ts"
import {
  HighlightSchema,
  MediaSchema,
  StorySchema,
  type Highlight,
  type Media,
} from "../../../../src/domain/models.ts"
import { pageSchema, type PageQuery } from "../../../../src/domain/paging.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import { imageSetOf } from "../../adapters/images/image-ref.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../../errors.ts"
import type { AuthAccount, TokenViewer } from "../../plugins/auth.ts"
import { imageUrl, publicLinks } from "../../shared/profile-view.ts"
import type { ProfileRow } from "../../db/rows.ts"
import { privateLinksFor, toMedia, toStory } from "../../shared/content-view.ts"
import { createContentPagesRepository } from "./content-pages.repository.ts"
import { createContentRepository, type SubscriptionRow } from "./content.repository.ts"
import { createContentCache } from "./content-cache.ts"
import { serialise, type SerialisedAnswer } from "../../serialised-answer.ts"
import { mediaNotFoundMessage, storyNotFoundMessage } from "../../shared/content-messages.ts"

export const loginToSeeMessage = "Faça login para ver o conteúdo exclusivo."
export const subscribersOnlyMessage = "Conteúdo exclusivo para assinantes"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Viewer = AuthAccount | null
/** "owner": the creator (or an admin), who also sees view counts. */
type AccessLevel = "owner" | "subscriber" | "none"

/** A creator's profile and the viewer's subscription to her, read together. */
type Creator = { profile: ProfileRow; subscription: SubscriptionRow | null }

export function createContentService(deps: ModuleDeps) {
  const content = createContentRepository(deps.db)
  const pages = createContentPagesRepository(deps.db)
  const cache = createContentCache(deps.config.contentCacheMs ?? 0)

  const found = (row: Creator | null): Creator => {
    if (!row || row.profile.banned) throw new NotFoundError(PROFILE_NOT_FOUND, "profile_not_found")
    return row
  }

  /** The creator and the token's account (checked as the route requires), in one query. */
  const creator = async (username: string, token: TokenViewer) => {
    const name = normalizeUsername(username)
    const { viewerId, tokenVersion } = token.params
    const row = await deps.unwritten.get(`access\n${name}\n${viewerId}\n${tokenVersion}`, () =>
      content.profileForTokenByUsername(name, token.params),
    )
    const viewer = token.accept(row.viewer)
    const { profile, subscription } = row
    return { viewer, creator: found(profile ? { profile, subscription } : null) }
  }

  const accessOf = ({ profile, subscription }: Creator, viewer: Viewer): AccessLevel => {
    if (!viewer) return "none"
    if (profile.accountId === viewer.id || viewer.role === "admin") return "owner"
    return hasAccess(subscription, deps.clock.now()) ? "subscriber" : "none"
  }

  /** The server decides access: hiding content in the app is not security. */
  const requireAccess = (creator: Creator, viewer: Viewer) => {
    if (!viewer) throw new UnauthorizedError(loginToSeeMessage, "unauthorized")
    const level = accessOf(creator, viewer)
    if (level === "none") throw new ForbiddenError(subscribersOnlyMessage, "subscription_required")
    return level
  }

  const storiesOf = async (profile: ProfileRow, level: AccessLevel, viewer: AuthAccount) => {
    const owner = level === "owner"
    // Only the creator's own answer counts views: hers is read fresh, the subscribers' shared.
    const rows = owner
      ? await content.storiesWithViews(profile.id, true)
      : await cache.creatorContent(`stories\n${profile.id}`, () =>
          content.storiesWithViews(profile.id, false),
        )
    const links = privateLinksFor(deps, viewer.id)
    return rows.map((row) => toStory(row.story, links, owner ? (row.views ?? 0) : undefined))
  }

  /** Which of these photos the viewer liked: her own, so kept apart from the shared rows. */
  const likedBy = (viewer: AuthAccount, key: string, photos: Array<{ id: string }>) =>
    cache.likedBy(viewer.id, key, () =>
      content.likedAmong(
        viewer.id,
        photos.map((photo) => photo.id),
      ),
    )

  /**
   * The answer serialised once: a subscriber's is kept for the content cache's time (same
   * viewer, same content, same links), the creator's own is built fresh every time.
   */
  const answer = <T extends z.ZodType>(
    viewer: AuthAccount,
    level: AccessLevel,
    key: string,
    schema: T,
    build: () => Promise<z.output<T>>,
  ): Promise<SerialisedAnswer> => {
    if (level === "subscriber") {
      const { expiresAt } = privateLinksFor(deps, viewer.id)
      return cache.answerFor(viewer.id, `${key}\n${expiresAt}`, schema, key, build)
    }
    return build().then((value) => serialise(schema, value, key))
  }

  return {
    async stories(username: string, token: TokenViewer) {
      const { creator: found, viewer } = await creator(username, token)
      const level = requireAccess(found, viewer)
      return answer(viewer!, level, `stories\n${found.profile.id}`, z.array(StorySchema), () =>
        storiesOf(found.profile, level, viewer!),
      )
    },

    async medias(username: string, token: TokenViewer) {
      const { creator: found, viewer } = await creator(username, token)
      const level = requireAccess(found, viewer)
      const key = `medias\n${found.profile.id}`
      return answer(viewer!, level, key, z.array(MediaSchema), async () => {
        const rows = await cache.creatorContent(key, () => content.medias(found.profile.id))
        const liked = await likedBy(viewer!, key, rows)
        const links = privateLinksFor(deps, viewer!.id)
        return rows.map((row) => toMedia(row, liked.has(row.id), links))
      })
    },

    /** A page of stories, oldest first: the same access and links as the whole list. */
    async storiesPage(username: string, token: TokenViewer, page: PageQuery) {
      const { creator: found, viewer } = await creator(username, token)
      const level = requireAccess(found, viewer)
      const owner = level === "owner"
      const limit = page.limit ?? STORIES_PAGE_SIZE
      const key = `stories\n${found.profile.id}\n${page.cursor ?? ""}\n${limit}`
      return answer(viewer!, level, key, pageSchema(StorySchema), async () => {
        const load = () => pages.stories(found.profile.id, owner, page.cursor, limit)
        // As the whole list: the creator's own pages carry view counts and are read fresh.
        const rows = owner ? await load() : await cache.creatorContent(key, load)
        const links = privateLinksFor(deps, viewer!.id)
        return {
          items: rows.items.map((row) =>
            toStory(row.story, links, owner ? (row.views ?? 0) : undefined),
          ),
          nextCursor: rows.nextCursor,
        }
      })
    },

    /** A page of photos, newest first, signed for this viewer alone. */
    async mediasPage(username: string, token: TokenViewer, page: PageQuery) {
      const { creator: found, viewer } = await creator(username, token)
      const level = requireAccess(found, viewer)
      const limit = page.limit ?? MEDIAS_PAGE_SIZE
      const key = `medias\n${found.profile.id}\n${page.cursor ?? ""}\n${limit}`
      return answer(viewer!, level, key, pageSchema(MediaSchema), async () => {
        const rows = await cache.creatorContent(key, () =>
          pages.medias(found.profile.id, page.cursor, limit),
        )
        const photos = rows.items.map((row) => row.media)
        const liked = await likedBy(viewer!, key, photos)
        const links = privateLinksFor(deps, viewer!.id)
        return {
          items: photos.map((media) => toMedia(media, liked.has(media.id), links)),
          nextCursor: rows.nextCursor,
        } satisfies Page<Media>
      })
    },

    /** Titles and covers for everyone; the stories inside only for those with access. */
    async highlights(username: string, token: TokenViewer) {
      const { creator: found, viewer } = await creator(username, token)
      const level = accessOf(found, viewer)
      const cover = (key: string | null) => {
        const coverImage = imageSetOf(key, publicLinks(deps.storage))
        return { cover: imageUrl(deps.storage, key), ...(coverImage ? { coverImage } : {}) }
      }
      const key = `highlights\n${found.profile.id}`
      const schema = z.array(HighlightSchema)
      if (level === "none") {
        const rows = await content.highlights(found.profile.id)
        const titles: Highlight[] = rows.map((row) => ({
          _id: row.id,
          title: row.title,
          ...cover(row.coverKey),
          storiesCount: row.storiesCount,
        }))
        return serialise(schema, titles, key)
      }
      // Past accessOf, so there is a viewer: "none" covers anonymous readers.
      return answer(viewer!, level, key, schema, async () => {
        const rows = await cache.creatorContent(key, () =>
          content.highlightsWithStories(found.profile.id),
        )
        const links = privateLinksFor(deps, viewer!.id)
        return rows.map((row) => ({
          _id: row.id,
          title: row.title,
          ...cover(row.coverKey),
          storiesCount: row.stories.length,
          stories: row.stories.map((story) =>
            toStory({ ...story, createdAt: new Date(story.createdAt) }, links),
          ),
        }))
      })
    },

    async markSeen(storyId: string, viewer: Viewer) {
      // The story's creator and the viewer's subscription come in one query; none: no story.
      const row = uuidPattern.test(storyId)
        ? await content.profileForViewerByStory(storyId, viewer?.id ?? null)
        : null
      if (!row) throw new NotFoundError(storyNotFoundMessage, "story_not_found")
      requireAccess(found(row), viewer)
      await content.recordView(storyId, viewer!.id, deps.clock.now())
      return { seen: true as const }
    },

    async setLike(mediaId: string, viewer: Viewer, liked: boolean) {
      const row = uuidPattern.test(mediaId)
        ? await content.profileForViewerByMedia(mediaId, viewer?.id ?? null)
        : null
      if (!row) throw new NotFoundError(mediaNotFoundMessage, "media_not_found")
      requireAccess(found(row), viewer)
      if (liked) await content.like(mediaId, viewer!.id, deps.clock.now())
      else await content.unlike(mediaId, viewer!.id)
      cache.forgetLikesOf(viewer!.id)
      return { hasLiked: liked }
    },
  }
}
