import { SupportConfigSchema } from "../domain/models.ts"
import { apiRequest } from "./client.ts"

/** Whether this deployment has a support chat, and its Crisp website id. */
export const fetchSupportConfig = () => apiRequest("/support/config", SupportConfigSchema)
