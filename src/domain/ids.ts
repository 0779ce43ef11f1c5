const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids in URLs are UUIDs: anything else is looked up as "not found" without asking the database. */
export const isUuid = (value: string) => uuidPattern.test(value)
