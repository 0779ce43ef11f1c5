import useSWR from "swr"
import type { StudioVipInvite } from "../domain/vip-invites.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refresh, withField } from "./studio.ts"
import { listOf, record } from "./wire.ts"

/**
 * The lista VIP by invitation: the creator's side in the studio, the follower's acceptance.
 * Light checks (see wire.ts): the Assinantes page opens without zod.
 */

const invitesAnswer = listOf<StudioVipInvite>("inviteId", "email", "expiresAt")
const inviteAnswer = record<StudioVipInvite>("inviteId")

export const useStudioVipInvites = (viewer: string | null) =>
  useSWR(keys.studio("vip-invites", viewer), () =>
    apiRequest("/studio/whitelist/invites", invitesAnswer),
  )

/** Resolves with the server's answer, which is the same for every e-mail. */
export async function inviteVip(viewer: string | null, email: string) {
  const { message } = await withField(
    apiRequest("/studio/whitelist", record<{ message: string }>("message"), {
      method: "POST",
      body: { email },
    }),
  )
  await refresh(viewer, "vip-invites")
  return message
}

export async function withdrawVipInvite(viewer: string | null, inviteId: string) {
  await apiRequest(`/studio/whitelist/invites/${encodeURIComponent(inviteId)}`, inviteAnswer, {
    method: "DELETE",
  })
  await refresh(viewer, "vip-invites")
}

export const acceptVipInvite = (token: string) =>
  apiRequest("/vip-invites/accept", record<{ username: string }>("username"), {
    method: "POST",
    body: { token },
  })
