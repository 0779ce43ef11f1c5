import type { Highlight } from "../../../../src/domain/models.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import { createProfilesRepository, type ProfileRow } from "../profiles/profiles.repository.ts"
import { profileNotFoundMessage } from "../profiles/profiles.service.ts"
import { toMedia, toStory } from "./content-view.ts"
import { createContentRepository } from "./content.repository.ts"

export const loginToSeeMessage = "Faça login para ver o conteúdo exclusivo."
export const subscribersOnlyMessage = "Conteúdo exclusivo para assinantes"
export const storyNotFoundMessage = "Story não encontrado"
export const mediaNotFoundMessage = "Foto não encontrada"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Viewer = AuthAccount | null
/** "owner": the creator (or an admin), who also sees view counts. */
type AccessLevel = "owner" | "subscriber" | "none"

export function createContentService(deps: ModuleDeps) {
  const content = createContentRepository(deps.db)
  const profiles = createProfilesRepository(deps.db)

  const creator = async (username: string) => {
    const row = await profiles.findByUsername(username)
    if (!row || row.banned) throw new NotFoundError(profileNotFoundMessage, "profile_not_found")
    return row
  }

  const creatorById = async (profileId: string) => {
    const row = await profiles.findById(profileId)
    if (!row || row.banned) throw new NotFoundError(profileNotFoundMessage, "profile_not_found")
    return row
  }

  const accessOf = async (profile: ProfileRow, viewer: Viewer): Promise<AccessLevel> => {
    if (!viewer) return "none"
    if (profile.accountId === viewer.id || viewer.role === "admin") return "owner"
    const subscription = await content.subscription(viewer.id, profile.id)
    return hasAccess(subscription, deps.clock.now()) ? "subscriber" : "none"
  }

  /** The server decides access: hiding content in the app is not security. */
  const requireAccess = async (profile: ProfileRow, viewer: Viewer) => {
    if (!viewer) throw new UnauthorizedError(loginToSeeMessage, "unauthorized")
    const level = await accessOf(profile, viewer)
    if (level === "none") throw new ForbiddenError(subscribersOnlyMessage, "subscription_required")
    return level
  }

  const storiesOf = async (profile: ProfileRow, level: AccessLevel) => {
    const rows = await content.stories(profile.id)
    const views = level === "owner" ? await content.viewCounts(rows.map((row) => row.id)) : null
    return rows.map((row) =>
      toStory(row, deps.storage, views ? (views.get(row.id) ?? 0) : undefined),
    )
  }

  return {
    async stories(username: string, viewer: Viewer) {
      const profile = await creator(username)
      return storiesOf(profile, await requireAccess(profile, viewer))
    },

    async medias(username: string, viewer: Viewer) {
      const profile = await creator(username)
      await requireAccess(profile, viewer)
      const rows = await content.medias(profile.id, viewer!.id)
      return rows.map((row) => toMedia(row.media, row.hasLiked, deps.storage))
    },

    /** Titles and covers for everyone; the stories inside only for those with access. */
    async highlights(username: string, viewer: Viewer): Promise<Highlight[]> {
      const profile = await creator(username)
      const rows = await content.highlights(profile.id)
      const level = await accessOf(profile, viewer)
      const cover = (key: string | null) =>
        key ? deps.storage.url(key, { ttlSeconds: 24 * 60 * 60 }) : null
      if (level === "none") {
        return rows.map((row) => ({
          _id: row.id,
          title: row.title,
          cover: cover(row.coverKey),
          storiesCount: row.storiesCount,
        }))
      }
      const inside = await content.highlightStories(rows.map((row) => row.id))
      return rows.map((row) => ({
        _id: row.id,
        title: row.title,
        cover: cover(row.coverKey),
        storiesCount: row.storiesCount,
        stories: inside
          .filter((item) => item.highlightId === row.id)
          .map((item) => toStory(item.story, deps.storage)),
      }))
    },

    async markSeen(storyId: string, viewer: Viewer) {
      const story = uuidPattern.test(storyId) ? await content.story(storyId) : null
      if (!story) throw new NotFoundError(storyNotFoundMessage, "story_not_found")
      await requireAccess(await creatorById(story.profileId), viewer)
      await content.recordView(story.id, viewer!.id, deps.clock.now())
      return { seen: true as const }
    },

    async setLike(mediaId: string, viewer: Viewer, liked: boolean) {
      const media = uuidPattern.test(mediaId) ? await content.media(mediaId) : null
      if (!media) throw new NotFoundError(mediaNotFoundMessage, "media_not_found")
      await requireAccess(await creatorById(media.profileId), viewer)
      if (liked) await content.like(media.id, viewer!.id, deps.clock.now())
      else await content.unlike(media.id, viewer!.id)
      return { hasLiked: liked }
    },
  }
}
