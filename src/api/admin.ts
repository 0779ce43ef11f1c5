import useSWR, { mutate } from "swr"
import type { LeadStatus } from "../domain/admin-labels.ts"
import type { AdminAudit, AdminCreator, AdminLead, AdminSubscription } from "../domain/admin.ts"
import type { DeadMail } from "../domain/dead-mail.ts"
import type { OutboxPage } from "../domain/sandbox-outbox.ts"
import { ApiError, apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { listOf, record } from "./wire.ts"

/**
 * The operator tools' calls (/v1/admin) and their SWR hooks. Their answers get the light checks
 * of wire.ts (the server validates each against the zod schemas of src/domain): the operator's
 * pages open without zod.
 */

const leadAnswer = record<AdminLead>("id", "status")
const creatorAnswer = record<AdminCreator>("profileId", "username", "banned")

const key = keys.admin
const refresh = (viewer: string | null, ...parts: string[]) =>
  mutate(
    (k) =>
      Array.isArray(k) && k[0] === "admin" && k[2] === viewer && parts.includes(k[1] as string),
  )

const search = (params: Record<string, string | undefined>) => {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value)
  const text = query.toString()
  return text ? `?${text}` : ""
}

export type LeadsFilter = { q?: string; status?: LeadStatus }

export const useAdminLeads = (viewer: string | null, filter: LeadsFilter) =>
  useSWR(
    key("leads", viewer, filter),
    () => apiRequest(`/admin/leads${search(filter)}`, listOf<AdminLead>("id", "status")),
    { keepPreviousData: true },
  )

export async function setLeadContacted(viewer: string | null, leadId: string, contacted: boolean) {
  await apiRequest(`/admin/leads/${encodeURIComponent(leadId)}/contacted`, leadAnswer, {
    method: "POST",
    body: { contacted },
  })
  await refresh(viewer, "leads")
}

export async function inviteLead(
  viewer: string | null,
  leadId: string,
  values: { username: string; fullName: string },
) {
  try {
    await apiRequest(`/admin/leads/${encodeURIComponent(leadId)}/invite`, leadAnswer, {
      method: "POST",
      body: values,
    })
  } catch (error) {
    if (error instanceof ApiError && error.code === "username_taken") {
      throw Object.assign(error, { field: "username" })
    }
    throw error
  }
  await refresh(viewer, "leads", "creators")
}

export async function resendLeadInvite(viewer: string | null, leadId: string) {
  await apiRequest(`/admin/leads/${encodeURIComponent(leadId)}/invite/resend`, leadAnswer, {
    method: "POST",
  })
  await refresh(viewer, "leads")
}

export const useAdminCreators = (viewer: string | null, q: string) =>
  useSWR(
    key("creators", viewer, q),
    () =>
      apiRequest(
        `/admin/creators${search({ q })}`,
        listOf<AdminCreator>("profileId", "username", "banned"),
      ),
    { keepPreviousData: true },
  )

export async function setCreatorBanned(viewer: string | null, profileId: string, banned: boolean) {
  await apiRequest(`/admin/creators/${encodeURIComponent(profileId)}/ban`, creatorAnswer, {
    method: "POST",
    body: { banned },
  })
  await refresh(viewer, "creators")
}

/** Searches from the third character on; before that there is nothing to ask. */
export const useAdminSubscriptionSearch = (viewer: string | null, q: string) =>
  useSWR(q.trim().length >= 3 ? key("subscriptions", viewer, q.trim()) : null, () =>
    apiRequest(
      `/admin/subscriptions${search({ q: q.trim() })}`,
      listOf<AdminSubscription>("subscriptionId", "status"),
    ),
  )

export const useAdminAudit = (viewer: string | null, subscriptionId: string | null) =>
  useSWR(subscriptionId ? key("audit", viewer, subscriptionId) : null, () =>
    apiRequest(
      `/admin/subscriptions/${encodeURIComponent(subscriptionId!)}/audit`,
      record<AdminAudit>("subscription", "entries"),
    ),
  )

/** Mail the outbox gave up on, oldest first. */
export const useAdminDeadMail = (viewer: string | null) =>
  useSWR(key("dead-mail", viewer), () =>
    apiRequest("/admin/mail/dead", listOf<DeadMail>("id", "to", "subject")),
  )

/** The sandbox's outbox, newest first; 404 in live mode. */
export const useAdminOutbox = (viewer: string | null, page: number) =>
  useSWR(key("outbox", viewer, page), () =>
    apiRequest(`/admin/mail/outbox?page=${page}`, record<OutboxPage>("mails", "page", "pageCount")),
  )

export async function resendDeadMail(viewer: string | null, mailId: string) {
  await apiRequest(
    `/admin/mail/${encodeURIComponent(mailId)}/resend`,
    record<{ id: string; message: string }>("id", "message"),
    {
      method: "POST",
    },
  )
  await refresh(viewer, "dead-mail")
}
