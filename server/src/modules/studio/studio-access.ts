import { isUuid } from "../../../../src/domain/ids.ts"
import type { Executor } from "../../db/client.ts"
import type { ProfileRow } from "../../db/rows.ts"
import { ForbiddenError, NotFoundError } from "../../errors.ts"
import { refuseBannedCreator } from "../../shared/banned-creator.ts"
import { createStudioRepository } from "./studio.repository.ts"

export const notACreatorMessage = "Apenas criadoras podem usar o estúdio."
export const notOwnerMessage = "Este conteúdo não é seu."

/** The signed-in creator's own profile; every studio call starts here. */
export async function requireOwnProfile(db: Executor, accountId: string): Promise<ProfileRow> {
  const row = await createStudioRepository(db).ownProfile(accountId)
  if (!row) throw new ForbiddenError(notACreatorMessage, "not_a_creator")
  refuseBannedCreator(row)
  return row
}

/**
 * An object named by id in the URL: 404 when it does not exist, 403 when it belongs to another
 * creator (the studio never acts on someone else's content).
 */
export async function requireOwned<T extends { profileId: string }>(
  id: string,
  profileId: string,
  find: (id: string) => Promise<T | null>,
  notFound: { message: string; code: string },
): Promise<T> {
  const row = isUuid(id) ? await find(id) : null
  if (!row) throw new NotFoundError(notFound.message, notFound.code)
  if (row.profileId !== profileId) throw new ForbiddenError(notOwnerMessage, "not_owner")
  return row
}
