import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { ProfileSchema } from "../../../../src/domain/models.ts"
import {
  ReceivingSchema,
  StudioPlanSchema,
  receivingBody,
  studioPlansBody,
  videoProcessingUnavailableMessage,
} from "../../../../src/domain/studio.ts"
import { errorResponses } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { createJobRunner } from "../../jobs/job-runner.ts"
import { createImageReprocessor, imageJobs } from "../../jobs/reprocess-images.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { toProfile } from "../../shared/profile-view.ts"
import { createStudioRepository } from "./studio.repository.ts"
import { createMediaProcessor, findFfmpeg } from "./media-processor.ts"
import { requireOwnProfile } from "./studio-access.ts"
import { studioContentRoutes } from "./studio-content.routes.ts"
import { createStudioPlansService } from "./studio-plans.service.ts"
import { createStudioReceivingService } from "./studio-receiving.service.ts"
import { studioSubscribersRoutes } from "./studio-subscribers.routes.ts"
import { scheduledPostsRoutes } from "./scheduled-posts.routes.ts"
import { vipInvitesRoutes } from "./vip-invites.routes.ts"

const tags = ["studio"]
const performer = {
  access: { caller: "performer", owns: "studio" },
} as const

/** The creator studio: her plans, how she receives, and her content (creators only, own data only). */
export const studioRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  // A web replica with MEDIA_WORKER=off queues videos for a worker and never runs ffmpeg itself.
  const worker = deps.config.mediaWorker ?? true
  const ffmpegPath = !worker
    ? null
    : deps.config.ffmpegPath === undefined
      ? await findFfmpeg()
      : deps.config.ffmpegPath
  if (worker && !ffmpegPath) deps.log.warn(videoProcessingUnavailableMessage)
  const processor = createMediaProcessor({
    ffmpegPath,
    worker,
    db: deps.db,
    storage: deps.storage,
    clock: deps.clock,
    log: deps.log,
  })
  app.addHook("onReady", async () => processor.start())
  app.addHook("onClose", () => processor.stop())

  if (deps.config.payments?.jobs) {
    // Images stored before the pipeline are rendered at start-up (and looked for again later).
    const runner = createJobRunner({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      jobs: imageJobs(createImageReprocessor(deps)),
    })
    app.addHook("onReady", async () => runner.start())
    // Before the server closes: a job is not left waiting behind a slow upload's request.
    app.addHook("preClose", async () => runner.stop())
  }

  const plans = createStudioPlansService(deps)
  const receiving = createStudioReceivingService(deps)

  app.get(
    "/studio/profile",
    {
      config: performer,
      schema: {
        tags,
        summary: "O perfil da criadora logada, como os seguidores o veem",
        response: { 200: ProfileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const profile = await requireOwnProfile(deps.db, requireAccount(request).id)
      const onSale = await createStudioRepository(deps.db).activePlans(profile.id)
      return toProfile(profile, onSale, deps.storage)
    },
  )

  app.get(
    "/studio/plans",
    {
      config: performer,
      schema: {
        tags,
        summary: "Os três planos: ligado ou desligado e o último preço",
        response: { 200: z.array(StudioPlanSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => plans.list(requireAccount(request).id),
  )

  app.put(
    "/studio/plans",
    {
      config: performer,
      schema: {
        tags,
        summary: "Liga, desliga e define o preço de cada plano",
        description:
          "Preço em centavos, de R$ 5,00 a R$ 10.000,00, sem a taxa de serviço de R$ 1,99. Pelo menos um plano fica ativo. " +
          "Um preço novo cria outra linha; assinaturas antigas continuam no preço pago.",
        body: studioPlansBody,
        response: { 200: z.array(StudioPlanSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => plans.update(requireAccount(request).id, request.body.plans),
  )

  app.get(
    "/studio/receiving",
    {
      config: performer,
      schema: {
        tags,
        summary: "Como a criadora recebe: gateway, credenciais, chave Pix e vendas pausadas",
        response: { 200: ReceivingSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => receiving.get(requireAccount(request).id),
  )

  app.patch(
    "/studio/receiving",
    {
      config: performer,
      schema: {
        tags,
        summary: "Troca o gateway, a chave Pix ou pausa as vendas",
        description:
          "Chave Pix validada pelo tipo (aleatória, Celular, E-mail, CPF/CNPJ) e guardada no formato registrado. " +
          '`migrating: true` manda novos visitantes para "As vendas estão pausadas"; assinantes continuam com acesso. ' +
          "O gateway bacen exige chave Pix (422 `pix_key_required`); um gateway sem credenciais na plataforma " +
          "não pode ser escolhido (422 `gateway_unavailable`).",
        body: receivingBody,
        response: { 200: ReceivingSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    (request) => receiving.update(requireAccount(request).id, request.body),
  )

  await app.register(studioContentRoutes, { deps, processor })
  await app.register(studioSubscribersRoutes, { deps })
  await app.register(vipInvitesRoutes, { deps })
  await app.register(scheduledPostsRoutes, { deps })
}
