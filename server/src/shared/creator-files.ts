import { isImageRef, parseImageRef } from "../adapters/images/image-ref.ts"

export const imageNotFoundMessage = "Imagem não encontrada. Envie a imagem novamente."
export const onlyImagesMessage = "Apenas imagens são permitidas."
export const noFileMessage = "Nenhum arquivo foi selecionado"

/** Files of a creator live under this prefix; a profile may only point at its own files. */
export const profileKeyPrefix = (profileId: string) => `p/${profileId}/`

/** A plain key or an image ref naming files of this creator only. */
export function isOwnImage(profileId: string, key: string) {
  const ref = parseImageRef(key)
  if (isImageRef(key) && !ref) return false
  return (ref ? ref.base : key).startsWith(profileKeyPrefix(profileId))
}
