import { saveProfile, uploadProfileImage, useStudioProfile } from "../../api/studio.ts"
import { StudioProfileScreen } from "../../screens/studio/studio-profile-screen.tsx"
import { useSession } from "../session.ts"
import { viewOf } from "./views.ts"

export default function StudioProfileRoute() {
  const { viewer } = useSession()
  const profile = useStudioProfile(viewer)
  return (
    <StudioProfileScreen
      view={viewOf(profile, (data) => ({ profile: data }))}
      onRetry={() => void profile.mutate()}
      onSave={async (values) => void (await saveProfile(viewer, values))}
      onUploadImage={async (kind, file, control) =>
        void (await uploadProfileImage(viewer, kind, file, control))
      }
    />
  )
}
