import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { errorResponses, messageResponse } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { refreshCookie } from "../../plugins/refresh-cookie.ts"
import { accessTokenResponse } from "./auth.schemas.ts"
import { reuseGraceMs, type SessionService } from "./sessions.service.ts"

export const loggedOutMessage = "Você saiu da conta."
export const loggedOutEverywhereMessage = "Você saiu de todos os dispositivos."

const minute = 60_000
const tags = ["auth"]

/** Refresh, logout and logout everywhere: the sessions behind the short access tokens. */
export const sessionsRoutes: FastifyPluginAsyncZod<
  ModuleOptions & { sessions: SessionService }
> = async (app, { sessions }) => {
  app.post(
    "/auth/refresh",
    {
      config: {
        rateLimit: { max: 300, timeWindow: 15 * minute },
        access: { caller: "public", owns: "session" },
      },
      schema: {
        tags,
        summary: "Troca o cookie de renovação por um novo `accessToken`",
        description: `Lê o cookie HttpOnly \`${refreshCookie.name}\` e o substitui por outro (rotação). Um cookie já trocado, apresentado de novo depois de ${reuseGraceMs / 1000} s, encerra a sessão inteira daquele navegador: 401 \`session_expired\`. Dentro desse prazo (duas abas renovando juntas) devolve um \`accessToken\` sem trocar o cookie.`,
        response: { 200: accessTokenResponse, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      try {
        const { accessToken, successor } = await sessions.refresh(refreshCookie.of(request))
        if (successor) await sessions.cookie.set(reply, successor)
        return { accessToken }
      } catch (error) {
        sessions.cookie.clear(reply)
        throw error
      }
    },
  )

  app.post(
    "/auth/logout",
    {
      config: { access: { caller: "public", owns: "session" } },
      schema: {
        tags,
        summary: "Sai da conta neste navegador",
        description: "Encerra a sessão do cookie de renovação (se houver) e apaga o cookie.",
        response: { 200: messageResponse, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await sessions.end(refreshCookie.of(request))
      sessions.cookie.clear(reply)
      return { message: loggedOutMessage }
    },
  )

  app.post(
    "/auth/logout-all",
    {
      config: {
        rateLimit: { max: 10, timeWindow: 15 * minute },
        access: { caller: "signed-in", owns: "account" },
      },
      schema: {
        tags,
        summary: "Sai da conta em todos os dispositivos",
        description:
          "Encerra todas as sessões da conta e invalida na hora todos os `accessToken` já emitidos, inclusive o desta chamada.",
        response: { 200: messageResponse, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await sessions.endAll(requireAccount(request))
      sessions.cookie.clear(reply)
      return { message: loggedOutEverywhereMessage }
    },
  )
}
