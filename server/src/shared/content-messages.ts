/** What the follower's side and the studio answer when a story or a photo is not there. */
export const storyNotFoundMessage = "Story não encontrado"
export const mediaNotFoundMessage = "Foto não encontrada"
