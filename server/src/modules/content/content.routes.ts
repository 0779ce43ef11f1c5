import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { HighlightSchema, MediaSchema, StorySchema } from "../../../../src/domain/models.ts"
import { pageQuery, pageSchema, type PageQuery } from "../../../../src/domain/paging.ts"
import { errorResponses, usernameParams } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { tokenViewer } from "../../plugins/auth.ts"
import { sendSerialised } from "../../serialised-answer.ts"
import { createContentService } from "./content.service.ts"

const tags = ["content"]
const lockedDescription =
  "Só a criadora e quem tem assinatura com acesso (paga e no período, trial ou lista vip) recebem o conteúdo; " +
  "sem login 401, sem assinatura 403 `subscription_required`. URLs assinadas valem 1 hora."
const pagedDescription =
  " Com `limit` (1 a 100) ou `cursor`, vem uma página: `{ items, nextCursor }`; o `nextCursor` " +
  "(null no fim) pede a seguinte. Sem eles, a lista inteira, como antes."

/** A client that names a limit or a cursor reads pages; one that names neither, the whole list. */
const paged = (query: PageQuery) => query.limit !== undefined || query.cursor !== undefined

export const contentRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const content = createContentService(deps)
  const storiesDoc = {
    tags,
    summary: "Stories de uma criadora, do mais antigo ao mais novo",
    description: `${lockedDescription} A criadora recebe também \`stats.users\` (quem viu).${pagedDescription}`,
    params: usernameParams,
    querystring: pageQuery,
    response: {
      200: z.union([z.array(StorySchema), pageSchema(StorySchema)]),
      ...errorResponses(400, 401, 403, 404),
    },
  }

  // The reads of a creator's page check the token's account in their own query.
  const inQuery = { accountInQuery: true } as const
  // Two addresses, one read: the player's older one and the profile's.
  for (const url of ["/stories/:username", "/u/:username/stories"])
    app.get(
      url,
      {
        config: { ...inQuery, access: { caller: "public", owns: "subscribed-content" } },
        schema: storiesDoc,
      },
      async (request, reply) =>
        sendSerialised(
          request,
          reply,
          paged(request.query)
            ? await content.storiesPage(
                request.params.username,
                tokenViewer(request),
                request.query,
              )
            : await content.stories(request.params.username, tokenViewer(request)),
        ),
    )

  app.get(
    "/u/:username/medias",
    {
      config: { ...inQuery, access: { caller: "public", owns: "subscribed-content" } },
      schema: {
        tags,
        summary: "Fotos de uma criadora, da mais nova à mais antiga",
        description: lockedDescription + pagedDescription,
        params: usernameParams,
        querystring: pageQuery,
        response: {
          200: z.union([z.array(MediaSchema), pageSchema(MediaSchema)]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendSerialised(
        request,
        reply,
        paged(request.query)
          ? await content.mediasPage(request.params.username, tokenViewer(request), request.query)
          : await content.medias(request.params.username, tokenViewer(request)),
      ),
  )

  app.get(
    "/u/:username/highlights",
    {
      config: { ...inQuery, access: { caller: "public" } },
      schema: {
        tags,
        summary: "Destaques: título e capa para todos; `stories` só para quem tem acesso",
        params: usernameParams,
        response: { 200: z.array(HighlightSchema), ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      sendSerialised(
        request,
        reply,
        await content.highlights(request.params.username, tokenViewer(request)),
      ),
  )

  app.post(
    "/stories/seen/:storyId",
    {
      config: { access: { caller: "signed-in", owns: "subscribed-content" } },
      schema: {
        tags,
        summary: "Registra que quem está logado viu o story",
        params: z.object({ storyId: z.string().max(60) }),
        response: { 200: z.object({ seen: z.literal(true) }), ...errorResponses(401, 403, 404) },
      },
    },
    (request) => content.markSeen(request.params.storyId, request.account),
  )

  for (const action of ["like", "unlike"] as const) {
    app.post(
      `/medias/:id/${action}`,
      {
        config: { access: { caller: "signed-in", owns: "subscribed-content" } },
        schema: {
          tags,
          summary:
            action === "like" ? "Curte uma foto (idempotente)" : "Desfaz a curtida (idempotente)",
          params: z.object({ id: z.string().max(60) }),
          response: { 200: z.object({ hasLiked: z.boolean() }), ...errorResponses(401, 403, 404) },
        },
      },
      (request) => content.setLike(request.params.id, request.account, action === "like"),
    )
  }
}
