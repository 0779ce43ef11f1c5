import { ApiError } from "./client.ts"

/**
 * The API answers 401/403 for content the viewer may not see (no login, no active
 * subscription). For a list on the profile that simply means nothing to show.
 */
export async function lockedAsEmpty<T>(request: Promise<T[]>): Promise<T[]> {
  try {
    return await request
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return []
    throw error
  }
}
