import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import {
  ScheduledChangeSchema,
  ScheduledKindSchema,
  ScheduledPostSchema,
  SCHEDULE_MAX_DAYS,
  rescheduleBody,
} from "../../../../src/domain/scheduled-posts.ts"
import { errorResponses } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { createJobRunner } from "../../jobs/job-runner.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { createScheduledPostsService, publishScheduledJob } from "./scheduled-posts.service.ts"

const tags = ["studio"]
const performer = {
  access: { caller: "performer", owns: "studio" },
} as const
const postParams = z.object({ kind: ScheduledKindSchema, id: z.string().max(60) })
/** How often this replica looks for the publishing job's turn: with its 20 s period, under a minute. */
const tickMs = 10_000

/**
 * Scheduled photos and stories: the creator's "Programados" list, a new time, "Publicar agora"
 * (cancelling is deleting, through DELETE /studio/medias|stories/:id), and the job that
 * publishes each at its time.
 */
export const scheduledPostsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const scheduled = createScheduledPostsService(deps)

  if (deps.config.payments?.jobs) {
    const runner = createJobRunner({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      jobs: [publishScheduledJob(scheduled)],
    })
    app.addHook("onReady", async () => runner.start(tickMs))
    app.addHook("preClose", async () => runner.stop())
  }

  app.get(
    "/studio/scheduled",
    {
      config: performer,
      schema: {
        tags,
        summary: "Fotos e stories programados, do mais próximo ao mais distante",
        description:
          "Só a criadora os vê até a hora marcada; links assinados para ela. Programar: campo " +
          "`scheduledFor` (ISO 8601) no envio de POST /studio/medias ou /studio/stories.",
        response: { 200: z.array(ScheduledPostSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => scheduled.list(requireAccount(request).id),
  )

  app.patch(
    "/studio/scheduled/:kind/:id",
    {
      config: performer,
      schema: {
        tags,
        summary: "Muda a data e a hora de um post programado",
        description: `No futuro e em até ${SCHEDULE_MAX_DAYS} dias (400). Já publicado: 409 \`already_published\`.`,
        params: postParams,
        body: rescheduleBody,
        response: { 200: ScheduledChangeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      scheduled.reschedule(
        requireAccount(request).id,
        request.params.kind,
        request.params.id,
        request.body.scheduledFor,
      ),
  )

  app.post(
    "/studio/scheduled/:kind/:id/publish",
    {
      config: performer,
      schema: {
        tags,
        summary: "Publica agora um post programado",
        description:
          "A data de publicação passa a ser agora. Já publicado (pela hora marcada): 409 `already_published`.",
        params: postParams,
        response: { 200: ScheduledChangeSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) =>
      scheduled.publishNow(requireAccount(request).id, request.params.kind, request.params.id),
  )
}
