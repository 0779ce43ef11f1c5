import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm"
import type { LeadStatus } from "../../../../src/domain/admin.ts"
import type { Executor } from "../../db/client.ts"
import { leads, profiles } from "../../db/schema.ts"

export type LeadRow = typeof leads.$inferSelect

const statusFilter: Record<LeadStatus, SQL | undefined> = {
  new: and(isNull(leads.contactedAt), isNull(leads.invitedAt)),
  contacted: and(isNotNull(leads.contactedAt), isNull(leads.invitedAt)),
  invited: isNotNull(leads.invitedAt),
}

/** Like-patterns treat % and _ as wildcards; a search for "a_b" means those characters. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

export function createAdminLeadsRepository(db: Executor) {
  return {
    /** Newest first; at most 500, which is more than the team works through in a day. */
    list(filter: { status?: LeadStatus; q?: string }) {
      const pattern = filter.q ? `%${escapeLike(filter.q)}%` : null
      return db
        .select({ lead: leads, creatorUsername: profiles.username })
        .from(leads)
        .leftJoin(profiles, eq(profiles.accountId, leads.creatorAccountId))
        .where(
          and(
            filter.status ? statusFilter[filter.status] : undefined,
            pattern
              ? or(
                  ilike(leads.instagram, pattern),
                  ilike(leads.email, pattern),
                  ilike(leads.whatsapp, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(500)
    },
    async find(id: string) {
      const [row] = await db
        .select({ lead: leads, creatorUsername: profiles.username })
        .from(leads)
        .leftJoin(profiles, eq(profiles.accountId, leads.creatorAccountId))
        .where(eq(leads.id, id))
      return row ?? null
    },
    async update(
      id: string,
      values: Partial<Pick<LeadRow, "contactedAt" | "invitedAt" | "creatorAccountId">>,
    ) {
      await db.update(leads).set(values).where(eq(leads.id, id))
    },
  }
}
