import { lazy, Suspense, useState } from "react"
import { useSession } from "../../session.ts"
import { useCreator } from "../creator-context.ts"
import { readerPhotosOf } from "../loaders.ts"
import { noPhotos, type PhotoList } from "../use-profile-page.ts"
import { ProfilePage } from "./profile-page.tsx"

// A visitor's page loads no photo paging code: only a signed-in viewer's grid pages. Its list
// comes up through state, so the page is drawn once and never swapped when that code arrives.
const SignedInPhotos = lazy(() => import("./signed-in-photos.tsx"))

export default function ProfileRoute() {
  const { viewer } = useSession()
  const { username } = useCreator()
  // A signed-in reader's first photos came with the route's loader: the grid opens with them.
  const [photos, setPhotos] = useState<{ viewer: string; list: PhotoList } | null>(() =>
    readerPhotosOf(username),
  )
  return (
    <>
      <ProfilePage photos={viewer && photos?.viewer === viewer ? photos.list : noPhotos} />
      {viewer ? (
        <Suspense fallback={null}>
          <SignedInPhotos viewer={viewer} onChange={setPhotos} />
        </Suspense>
      ) : null}
    </>
  )
}
