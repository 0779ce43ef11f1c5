import { z } from "zod"
import { CloseAccountResponseSchema } from "../domain/account.ts"
import { apiRequest } from "./client.ts"

/** Everything kept about the signed-in person (LGPD), as the JSON document the API builds. */
export const exportAccountData = () =>
  apiRequest("/account/export", z.record(z.string(), z.unknown()))

/** Closes the follower's account: renewals stop, every session ends; answers a pt-BR message. */
export const closeAccount = (password: string) =>
  apiRequest("/account/close", CloseAccountResponseSchema, {
    method: "POST",
    body: { password },
  })
