import { apiRequest } from "./client.ts"
import { record } from "./wire.ts"

// Light checks (see wire.ts): "Minha conta" opens without zod.

/** Everything kept about the signed-in person (LGPD), as the JSON document the API builds. */
export const exportAccountData = () =>
  apiRequest("/account/export", record<Record<string, unknown>>())

/** Closes the follower's account: renewals stop, every session ends; answers a pt-BR message. */
export const closeAccount = (password: string) =>
  apiRequest("/account/close", record<{ message: string }>("message"), {
    method: "POST",
    body: { password },
  })
