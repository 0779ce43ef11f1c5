import type { SupportConfig } from "../domain/models.ts"
import { apiRequest, type Parser } from "./client.ts"

/**
 * Checked by hand, not by SupportConfigSchema: this runs on every landing and profile visit, and
 * importing the models would load zod there for a two-field answer.
 */
export const supportConfigParser: Parser<SupportConfig> = {
  parse(data) {
    const chat = (data as { chat?: unknown } | null)?.chat
    if (chat === null) return { chat: null }
    const { provider, websiteId } = (chat ?? {}) as Record<string, unknown>
    if (provider === "crisp" && typeof websiteId === "string")
      return { chat: { provider, websiteId } }
    throw new Error("Resposta inesperada da configuração do suporte.")
  },
}

/** Whether this deployment has a support chat, and its Crisp website id. */
export const fetchSupportConfig = () => apiRequest("/support/config", supportConfigParser)
