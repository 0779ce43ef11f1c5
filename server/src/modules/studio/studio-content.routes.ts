import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import {
  StudioHighlightSchema,
  StudioMediaSchema,
  StudioStoriesSchema,
  StudioStorySchema,
  highlightBody,
  highlightPatchBody,
  mediaPatchBody,
} from "../../../../src/domain/studio.ts"
import { errorResponses } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { registerMultipart } from "../../plugins/multipart.ts"
import type { MediaProcessor } from "./media-processor.ts"
import { createStudioHighlightsService } from "./studio-highlights.service.ts"
import { createStudioMediasService } from "./studio-medias.service.ts"
import { createStudioStoriesService } from "./studio-stories.service.ts"

const tags = ["studio"]
const performer = {
  access: { caller: "performer", owns: "studio" },
} as const
const idParams = z.object({ id: z.string().max(60) })
const deleted = z.object({ deleted: z.literal(true) })
const uploadErrors = errorResponses(400, 401, 403, 413, 415, 422)

export const studioContentRoutes: FastifyPluginAsyncZod<
  ModuleOptions & { processor: MediaProcessor }
> = async (app, { deps, processor }) => {
  // Stories and photos are uploaded here.
  await registerMultipart(app)
  const stories = createStudioStoriesService(deps, processor)
  const medias = createStudioMediasService(deps)
  const highlights = createStudioHighlightsService(deps)

  app.get(
    "/studio/stories",
    {
      config: performer,
      schema: {
        tags,
        summary: "Stories da criadora, do mais novo ao mais antigo, com visualizações",
        response: { 200: StudioStoriesSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => stories.list(requireAccount(request).id),
  )

  app.post(
    "/studio/stories",
    {
      config: performer,
      schema: {
        tags,
        summary: "Publica um story (vídeo até 100 MB ou imagem até 10 MB)",
        description:
          "multipart/form-data com o campo `file`; tipo pelos bytes: MP4, WebM, JPEG, PNG, WebP ou AVIF. " +
          "Vídeo fica `processed: false` (processando) até o ffmpeg gerar capa e versão para web; " +
          "sem ffmpeg no servidor, é publicado como enviado.",
        consumes: ["multipart/form-data"],
        response: { 200: StudioStorySchema, ...uploadErrors },
      },
    },
    (request) => stories.upload(requireAccount(request).id, request),
  )

  app.delete(
    "/studio/stories/:id",
    {
      config: performer,
      schema: {
        tags,
        summary: "Apaga um story e seus arquivos",
        params: idParams,
        response: { 200: deleted, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => stories.remove(requireAccount(request).id, request.params.id),
  )

  app.get(
    "/studio/medias",
    {
      config: performer,
      schema: {
        tags,
        summary: "Fotos da criadora, da mais nova à mais antiga, com curtidas",
        response: { 200: z.array(StudioMediaSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => medias.list(requireAccount(request).id),
  )

  app.post(
    "/studio/medias",
    {
      config: performer,
      schema: {
        tags,
        summary: "Publica uma foto com legenda opcional (até 10 MB)",
        description:
          "multipart/form-data com `file` (JPEG, PNG, WebP ou AVIF pelos bytes) e `description` (até 2200 caracteres).",
        consumes: ["multipart/form-data"],
        response: { 200: StudioMediaSchema, ...uploadErrors },
      },
    },
    (request) => medias.upload(requireAccount(request).id, request),
  )

  app.patch(
    "/studio/medias/:id",
    {
      config: performer,
      schema: {
        tags,
        summary: "Muda a legenda de uma foto",
        params: idParams,
        body: mediaPatchBody,
        response: { 200: StudioMediaSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      medias.describe(requireAccount(request).id, request.params.id, request.body.description),
  )

  app.delete(
    "/studio/medias/:id",
    {
      config: performer,
      schema: {
        tags,
        summary: "Apaga uma foto e seus arquivos",
        params: idParams,
        response: { 200: deleted, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => medias.remove(requireAccount(request).id, request.params.id),
  )

  app.get(
    "/studio/highlights",
    {
      config: performer,
      schema: {
        tags,
        summary: "Destaques da criadora com os stories escolhidos",
        response: { 200: z.array(StudioHighlightSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => highlights.list(requireAccount(request).id),
  )

  app.post(
    "/studio/highlights",
    {
      config: performer,
      schema: {
        tags,
        summary: "Cria um destaque com título, capa e stories",
        description:
          "`cover`: chave de POST /v1/profile/images; sem ela, a capa é a do primeiro story escolhido.",
        body: highlightBody,
        response: { 200: StudioHighlightSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => highlights.create(requireAccount(request).id, request.body),
  )

  app.patch(
    "/studio/highlights/:id",
    {
      config: performer,
      schema: {
        tags,
        summary: "Muda título, capa ou stories de um destaque",
        params: idParams,
        body: highlightPatchBody,
        response: { 200: StudioHighlightSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => highlights.update(requireAccount(request).id, request.params.id, request.body),
  )

  app.delete(
    "/studio/highlights/:id",
    {
      config: performer,
      schema: {
        tags,
        summary: "Apaga um destaque (os stories continuam)",
        params: idParams,
        response: { 200: deleted, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => highlights.remove(requireAccount(request).id, request.params.id),
  )
}
