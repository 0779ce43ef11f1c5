import useSWR from "swr"
import { z } from "zod"
import {
  StudioVipInviteSchema,
  VipInviteAcceptedSchema,
  VipInviteSentSchema,
} from "../domain/vip-invites.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refresh, withField } from "./studio.ts"

/** The lista VIP by invitation: the creator's side in the studio, the follower's acceptance. */

const InvitesSchema = z.array(StudioVipInviteSchema)

export const useStudioVipInvites = (viewer: string | null) =>
  useSWR(keys.studio("vip-invites", viewer), () =>
    apiRequest("/studio/whitelist/invites", InvitesSchema),
  )

/** Resolves with the server's answer, which is the same for every e-mail. */
export async function inviteVip(viewer: string | null, email: string) {
  const { message } = await withField(
    apiRequest("/studio/whitelist", VipInviteSentSchema, { method: "POST", body: { email } }),
  )
  await refresh(viewer, "vip-invites")
  return message
}

export async function withdrawVipInvite(viewer: string | null, inviteId: string) {
  await apiRequest(
    `/studio/whitelist/invites/${encodeURIComponent(inviteId)}`,
    StudioVipInviteSchema,
    { method: "DELETE" },
  )
  await refresh(viewer, "vip-invites")
}

export const acceptVipInvite = (token: string) =>
  apiRequest("/vip-invites/accept", VipInviteAcceptedSchema, { method: "POST", body: { token } })
