import { timestamp } from "drizzle-orm/pg-core"

/** A moment in time, stored with its time zone and read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" })

/** When the row was written first. */
export const createdAt = () => instant("created_at").notNull().defaultNow()

/** When the row last changed (set by the code that changes it). */
export const updatedAt = () => instant("updated_at").notNull().defaultNow()
