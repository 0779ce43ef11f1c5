import { z } from "zod"
import {
  decodeCursor,
  INVALID_CURSOR_MESSAGE,
  INVALID_LIMIT_MESSAGE,
  MAX_PAGE_SIZE,
} from "./cursor.ts"

/** `cursor` and `limit` of a paged list, each refused with a pt-BR message when wrong. */
export const pageQuery = z.object({
  cursor: z
    .string()
    .max(120, INVALID_CURSOR_MESSAGE)
    .refine((value) => decodeCursor(value) !== null, INVALID_CURSOR_MESSAGE)
    .optional(),
  limit: z.coerce
    .number({ error: INVALID_LIMIT_MESSAGE })
    .int(INVALID_LIMIT_MESSAGE)
    .min(1, INVALID_LIMIT_MESSAGE)
    .max(MAX_PAGE_SIZE, INVALID_LIMIT_MESSAGE)
    .optional(),
})
export type PageQuery = z.output<typeof pageQuery>

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() })
