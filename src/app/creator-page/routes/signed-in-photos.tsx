import { useEffect } from "react"
import { useMedias } from "../../../api/medias.ts"
import { useCreator } from "../creator-context.ts"
import type { PhotoList } from "../use-profile-page.ts"

type SignedInPhotosProps = {
  viewer: string
  onChange: (photos: { viewer: string; list: PhotoList }) => void
}

/** Draws nothing: loads a signed-in viewer's photos, a page at a time, and hands them up. */
export default function SignedInPhotos({ viewer, onChange }: SignedInPhotosProps) {
  const { username } = useCreator()
  const list = useMedias(username, viewer)
  useEffect(() => onChange({ viewer, list }), [viewer, list, onChange])
  return null
}
