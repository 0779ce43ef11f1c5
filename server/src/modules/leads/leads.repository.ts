import type { Executor } from "../../db/client.ts"
import { leads } from "../../db/schema.ts"

export function createLeadsRepository(db: Executor) {
  return {
    async insert(values: {
      instagram: string
      email: string
      whatsapp: string
      ip: string
      now: Date
    }) {
      const [row] = await db
        .insert(leads)
        .values({
          instagram: values.instagram,
          email: values.email,
          whatsapp: values.whatsapp,
          ip: values.ip,
          createdAt: values.now,
        })
        .returning({ id: leads.id })
      return row!
    },
  }
}
