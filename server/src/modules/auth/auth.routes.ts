import type { FastifyReply } from "fastify"
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { errorResponses, messageResponse } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { requireAccount } from "../../plugins/auth.ts"
import {
  accessTokenResponse,
  loginBody,
  passwordChangeBody,
  recoverCodeBody,
  recoverCodeResponse,
  recoverEmailBody,
  recoverPasswordBody,
  registerShortBody,
  registerShortResponse,
  sessionResponse,
} from "./auth.schemas.ts"
import { createAuthService } from "./auth.service.ts"
import { createRecoveryService } from "./recovery.service.ts"

const minute = 60_000
const tags = ["auth"]

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const auth = createAuthService(deps)
  const recovery = createRecoveryService(deps)
  // Answers that sign someone in also give the browser its refresh cookie (sessions.service.ts).
  const signedIn = async <T extends { accessToken: string }>(reply: FastifyReply, answer: T) => {
    await deps.sessions.keepSignedIn(reply, answer.accessToken)
    return answer
  }

  app.post(
    "/auth/login",
    {
      config: { rateLimit: { max: 20, timeWindow: 15 * minute }, access: { caller: "public" } },
      schema: {
        tags,
        summary: "Entra com usuário ou e-mail e senha",
        description:
          'Senha errada e usuário inexistente respondem igual: 401 `wrong_password` "Senha incorreta", no mesmo tempo. ' +
          "Só erros contam: depois de 5 num endereço, esse endereço espera (429 com Retry-After, de 30 s dobrando até 15 min) naquela conta; " +
          "depois de 10 em 15 min de todos os endereços, a conta pede `token` da verificação anti-robô (400 `captcha_failed` sem ele). A senha certa de outro endereço sempre entra.",
        body: loginBody,
        response: { 200: accessTokenResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => signedIn(reply, await auth.login(request.body, request.ip)),
  )

  app.post(
    "/auth/customer/register/short",
    {
      config: { rateLimit: { max: 10, timeWindow: 60 * minute }, access: { caller: "public" } },
      schema: {
        tags,
        summary: "Cadastro curto de seguidor a partir da página de uma criadora",
        description:
          "Sem `password`, gera uma senha temporária e a devolve uma única vez em `password` (para /choose-password?code=). " +
          "Um e-mail já cadastrado responde 409 `email_taken` só depois da verificação anti-robô, e cada tentativa conta no limite de 20 contas novas por hora por endereço, que o checkout de quem compra sem conta divide.",
        body: registerShortBody,
        response: { 200: registerShortResponse, ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => signedIn(reply, await auth.registerShort(request.body, request.ip)),
  )

  app.post(
    "/auth/recover/email",
    {
      config: { rateLimit: { max: 10, timeWindow: 60 * minute }, access: { caller: "public" } },
      schema: {
        tags,
        summary: "Envia um código de 6 dígitos para trocar a senha",
        description:
          "Responde igual exista ou não a conta. O código vale 10 minutos, uma única vez; este endereço ganha 5 tentativas nele.",
        body: recoverEmailBody,
        response: { 200: messageResponse, ...errorResponses(400, 403, 429) },
      },
    },
    (request) => recovery.sendCode(request.body, request.ip),
  )

  app.post(
    "/auth/recover/code",
    {
      config: { rateLimit: { max: 20, timeWindow: 15 * minute }, access: { caller: "public" } },
      schema: {
        tags,
        summary: "Troca o código recebido por e-mail por um token de recuperação",
        description:
          'Responde e limita igual exista ou não a conta: 422 `invalid_code` "Código inválido ou expirado."; ' +
          "o endereço que pediu o código tem 5 tentativas e depois o código se perde (429 `too_many_attempts`); " +
          "outros endereços nunca o perdem e têm 10 tentativas por dia para o e-mail.",
        body: recoverCodeBody,
        response: { 200: recoverCodeResponse, ...errorResponses(400, 403, 422, 429) },
      },
    },
    (request) => recovery.checkCode(request.body, request.ip),
  )

  app.post(
    "/auth/recover/password",
    {
      config: { rateLimit: { max: 10, timeWindow: 15 * minute }, access: { caller: "public" } },
      schema: {
        tags,
        summary: "Define a nova senha com o token de recuperação",
        description: "Revoga todos os tokens de acesso emitidos antes.",
        body: recoverPasswordBody,
        response: { 200: messageResponse, ...errorResponses(400, 403, 422, 429) },
      },
    },
    (request) => recovery.setPassword(request.body, request.ip),
  )

  app.post(
    "/auth/password/change",
    {
      config: { access: { caller: "signed-in", owns: "account" } },
      schema: {
        tags,
        summary: "Troca a senha (também usado para escolher a senha após a compra)",
        description: "Revoga os tokens anteriores e devolve um novo `accessToken`.",
        body: passwordChangeBody,
        response: { 200: accessTokenResponse, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) =>
      signedIn(
        reply,
        await auth.changePassword(requireAccount(request).id, request.body, request.ip),
      ),
  )

  app.get(
    "/auth/session",
    {
      config: { access: { caller: "signed-in", owns: "account" } },
      schema: {
        tags,
        summary: "A conta da sessão atual",
        response: { 200: sessionResponse, ...errorResponses(401) },
      },
    },
    (request) => auth.session(requireAccount(request).id),
  )
}
