import type { ReactNode } from "react"
import { Avatar } from "../../components/avatar.tsx"
import { Banner } from "../../components/banner.tsx"
import { Footer } from "../../components/footer.tsx"
import { Header } from "../../components/header.tsx"
import { VerifiedBadge } from "../../components/verified-badge.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import type { Profile } from "../../domain/models.ts"

export type AuthShellProfile = Pick<
  Profile,
  | "username"
  | "fullName"
  | "profilePic"
  | "profilePicImage"
  | "bannerPic"
  | "bannerPicImage"
  | "verified"
  | "bio"
>

export type AuthShellProps = {
  profile: AuthShellProfile
  /** Where "Voltar" leads, usually the creator's profile. */
  backHref?: string
  /** Copyright year in the footer. */
  year: number
  /** The auth step: e-mail, password, register or recovery. */
  children: ReactNode
}

/** The frame of every login, register and recovery step: whose page the person is joining. */
export function AuthShell({ profile, backHref, year, children }: AuthShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header title={profile.fullName} backHref={backHref} />
      <Banner src={profile.bannerPic} image={profile.bannerPicImage} />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 pb-6">
        <div className="-mt-11 flex flex-col items-center gap-2 text-center">
          <Avatar
            src={profile.profilePic}
            image={profile.profilePicImage}
            name={profile.fullName}
            alt=""
            size="xl"
            className="ring-4 ring-canvas"
          />
          <p className="flex items-center gap-1 font-semibold">
            @{profile.username}
            {profile.verified ? <VerifiedBadge size="sm" /> : null}
          </p>
          {profile.bio ? <p className="text-sm text-muted">{profile.bio}</p> : null}
        </div>
        <div className="mt-6 flex flex-1 flex-col rounded-card border border-line bg-surface p-4">
          {children}
        </div>
      </main>
      <Footer year={year} productName={PRODUCT_NAME} />
    </div>
  )
}
