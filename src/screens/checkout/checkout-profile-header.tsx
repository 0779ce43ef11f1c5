import { Avatar } from "../../components/avatar.tsx"
import { VerifiedBadge } from "../../components/verified-badge.tsx"
import type { Profile } from "../../domain/models.ts"

export type CheckoutProfileHeaderProps = {
  profile: Pick<
    Profile,
    "fullName" | "username" | "bio" | "profilePic" | "profilePicImage" | "verified"
  >
}

/** Whose Close Friends is being bought: the page's title. */
export function CheckoutProfileHeader({ profile }: CheckoutProfileHeaderProps) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-4">
        <Avatar
          src={profile.profilePic}
          image={profile.profilePicImage}
          name={profile.fullName}
          alt=""
          size="lg"
        />
        <div className="min-w-0">
          <p className="text-sm text-muted">Close Friends de</p>
          <h1 className="flex items-center gap-1.5 text-2xl font-semibold">
            <span className="truncate">{profile.fullName}</span>
            {profile.verified ? <VerifiedBadge /> : null}
          </h1>
          <p className="text-sm text-muted">@{profile.username}</p>
        </div>
      </div>
      {profile.bio ? <p className="whitespace-pre-line">{profile.bio}</p> : null}
    </div>
  )
}
