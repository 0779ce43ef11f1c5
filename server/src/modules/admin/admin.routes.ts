import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import {
  AdminAuditSchema,
  AdminCreatorSchema,
  AdminLeadSchema,
  AdminSubscriptionSchema,
  creatorBanBody,
  leadContactedBody,
  leadInviteBody,
  leadsQuery,
  subscriptionSearchQuery,
} from "../../../../src/domain/admin.ts"
import { DeadMailResendSchema, DeadMailSchema } from "../../../../src/domain/dead-mail.ts"
import { INVITE_LIFETIME_MS } from "../../../../src/domain/invites.ts"
import { OutboxPageSchema, outboxQuery } from "../../../../src/domain/sandbox-outbox.ts"
import { messages } from "../../../../src/domain/validation.ts"
import { errorResponses } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { createAdminAuditService } from "./admin-audit.service.ts"
import { createAdminCreatorsService } from "./admin-creators.service.ts"
import { createAdminLeadsService } from "./admin-leads.service.ts"
import { createAdminMailService } from "./admin-mail.service.ts"
import { createAdminOutboxService } from "./admin-outbox.service.ts"

const tags = ["admin"]
const admin = { access: { caller: "admin" } } as const
const idParams = z.object({ id: z.string().max(60) })
const inviteLifetimeDays = INVITE_LIFETIME_MS / 86_400_000

/**
 * Operator tools (role admin): leads from /tenho-interesse, the creators, the billing audit, dead
 * mail and, in sandbox mode, the outbox.
 */
export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const leads = createAdminLeadsService(deps)
  const creators = createAdminCreatorsService(deps)
  const audit = createAdminAuditService(deps)
  const mail = createAdminMailService(deps)
  const outbox = createAdminOutboxService(deps)

  app.get(
    "/admin/leads",
    {
      config: admin,
      schema: {
        tags,
        summary: "Leads de criadoras, do mais novo ao mais antigo",
        description:
          "`status`: new, contacted ou invited; `q` busca em instagram, e-mail e WhatsApp.",
        querystring: leadsQuery,
        response: { 200: z.array(AdminLeadSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => leads.list(request.query),
  )

  app.post(
    "/admin/leads/:id/contacted",
    {
      config: admin,
      schema: {
        tags,
        summary: "Marca (ou desmarca) que a equipe falou com o lead",
        params: idParams,
        body: leadContactedBody,
        response: { 200: AdminLeadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => leads.setContacted(request.params.id, request.body.contacted),
  )

  app.post(
    "/admin/leads/:id/invite",
    {
      config: admin,
      schema: {
        tags,
        summary: "Cria a conta de criadora do lead e envia o convite por e-mail",
        description:
          "Usuário padrão: o instagram sem @. Senha temporária no link do e-mail, que entra na conta e leva a /choose-password?code=. " +
          `O link vale ${inviteLifetimeDays} dias. 409 \`email_taken\`, \`email_invited\` (outro lead com o mesmo e-mail já foi convidado), \`username_taken\` ou \`lead_already_invited\`.`,
        params: idParams,
        body: leadInviteBody,
        response: { 200: AdminLeadSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => leads.invite(request.params.id, request.body),
  )

  app.post(
    "/admin/leads/:id/invite/resend",
    {
      config: admin,
      schema: {
        tags,
        summary: "Envia um novo link de convite, que substitui o anterior",
        description:
          "A conta e o usuário continuam; a senha temporária muda, então o link anterior deixa de valer. " +
          `Cada link vale ${inviteLifetimeDays} dias. 409 \`lead_not_invited\`, \`invite_accepted\` (ela já escolheu a senha), ` +
          "`invite_account_closed` ou `invite_just_resent`.",
        params: idParams,
        response: { 200: AdminLeadSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => leads.resendInvite(request.params.id),
  )

  app.get(
    "/admin/creators",
    {
      config: admin,
      schema: {
        tags,
        summary: "Criadoras com e-mail, situação e assinantes ativos",
        querystring: z.object({ q: z.string().trim().max(100, messages.generic).optional() }),
        response: { 200: z.array(AdminCreatorSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => creators.list(request.query.q),
  )

  app.post(
    "/admin/creators/:id/ban",
    {
      config: admin,
      schema: {
        tags,
        summary: "Bane (ou reativa) uma criadora",
        description:
          "Banida: a página mostra a tela de banimento, nada é vendido e o estúdio fecha.",
        params: idParams,
        body: creatorBanBody,
        response: { 200: AdminCreatorSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => creators.setBanned(request.params.id, request.body.banned),
  )

  app.get(
    "/admin/subscriptions",
    {
      config: admin,
      schema: {
        tags,
        summary: "Busca assinaturas pelo e-mail de quem assina ou pelo usuário da criadora",
        querystring: subscriptionSearchQuery,
        response: { 200: z.array(AdminSubscriptionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => audit.search(request.query.q),
  )

  app.get(
    "/admin/subscriptions/:id/audit",
    {
      config: admin,
      schema: {
        tags,
        summary: "Histórico de auditoria de uma assinatura e dos seus pagamentos",
        description:
          "Cada mudança de status, com quem a fez (conta, webhook, job, sandbox) e o motivo.",
        params: idParams,
        response: { 200: AdminAuditSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => audit.history(request.params.id),
  )

  app.get(
    "/admin/mail/dead",
    {
      config: admin,
      schema: {
        tags,
        summary: "E-mails que não foram entregues depois de todas as tentativas",
        description:
          "Destinatário, assunto, tentativas e o último erro do servidor de e-mail, do mais antigo ao mais novo (até 100); nunca o conteúdo.",
        response: { 200: z.array(DeadMailSchema), ...errorResponses(401, 403) },
      },
    },
    () => mail.listDead(),
  )

  app.get(
    "/admin/mail/outbox",
    {
      config: admin,
      schema: {
        tags,
        summary: "Caixa de saída do modo sandbox: os e-mails que o servidor gravou em disco",
        description:
          "Do mais novo ao mais antigo, 20 por página, com destinatário, assunto, envio e o conteúdo em texto e HTML. " +
          "Só no modo sandbox sem SMTP_URL; fora dele, 404 `outbox_unavailable`.",
        querystring: outboxQuery,
        response: { 200: OutboxPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => outbox.list(request.query.page),
  )

  app.post(
    "/admin/mail/:id/resend",
    {
      config: admin,
      schema: {
        tags,
        summary: "Reenvia um e-mail não entregue",
        description:
          "Tenta de novo na hora, com as tentativas zeradas; recusado outra vez, volta para as tentativas automáticas. " +
          "404 `mail_not_found`; 409 `mail_not_dead` quando ele não está mais parado (já reenviado ou enviado).",
        params: idParams,
        response: { 200: DeadMailResendSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => mail.resend(request.params.id),
  )
}
