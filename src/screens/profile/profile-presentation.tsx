import { Avatar } from "../../components/avatar.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { VerifiedBadge } from "../../components/verified-badge.tsx"
import type { Profile, ProfileStats } from "../../domain/models.ts"

export type ProfilePresentationProps = {
  profile: Pick<
    Profile,
    "username" | "fullName" | "profilePic" | "profilePicImage" | "verified" | "bio"
  >
  /** Null while the counts load. */
  stats: ProfileStats | null
  /** The bio is hidden for subscribers (spec §2). */
  showBio: boolean
  hasStories: boolean
  hasUnseenStory: boolean
  onOpenStories: () => void
}

function Count({ value, one, many }: { value: number | undefined; one: string; many: string }) {
  return (
    <li className="flex flex-col items-center">
      {value === undefined ? (
        <Skeleton shape="text" className="my-0.5 h-5 w-6" />
      ) : (
        <span className="text-base font-semibold tabular-nums">{value}</span>
      )}
      <span className="text-xs text-muted">{value === 1 ? one : many}</span>
    </li>
  )
}

/** Avatar (opens the stories), @username, verified badge, counts and bio. */
export function ProfilePresentation({
  profile,
  stats,
  showBio,
  hasStories,
  hasUnseenStory,
  onOpenStories,
}: ProfilePresentationProps) {
  return (
    <div className="flex flex-col gap-3 px-4">
      <div className="-mt-11 flex items-end gap-4">
        <Avatar
          src={profile.profilePic}
          image={profile.profilePicImage}
          name={profile.fullName}
          size="xl"
          hasUnseenStory={hasUnseenStory}
          hasStories={hasStories}
          onOpenStories={onOpenStories}
          openStoriesLabel={`Ver stories de @${profile.username}`}
          className="rounded-full bg-surface p-1"
        />
        <ul aria-label="Números do perfil" className="mb-1 flex flex-1 justify-around">
          <Count value={stats?.medias} one="foto" many="fotos" />
          <Count value={stats?.highlights} one="destaque" many="destaques" />
          <Count value={stats?.stories} one="story" many="stories" />
        </ul>
      </div>
      <p className="flex items-center gap-1 font-semibold">
        @{profile.username}
        {profile.verified ? <VerifiedBadge size="sm" /> : null}
      </p>
      {showBio && profile.bio ? <p className="whitespace-pre-line text-sm">{profile.bio}</p> : null}
    </div>
  )
}
