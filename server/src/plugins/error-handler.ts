import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod"
import { isInvalidText } from "../db/errors.ts"
import { AppError, TooManyRequestsError, unexpectedErrorMessage } from "../errors.ts"
import { invalidCharacterMessage } from "./text-input.ts"

export const fillFormMessage = "Preencha os dados corretamente"

/** Fastify's own client errors, answered in pt-BR instead of English. */
const fastifyClientErrors: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: "O corpo da requisição não é um JSON válido.",
    code: "invalid_json",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: "O corpo da requisição está vazio.",
    code: "empty_body",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: "Tipo de conteúdo não suportado.",
    code: "unsupported_media_type",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: "Tamanho do corpo da requisição inválido.",
    code: "invalid_content_length",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: "O conteúdo enviado é grande demais.",
    code: "payload_too_large",
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 415,
    message: "Tipo de conteúdo não suportado.",
    code: "unsupported_media_type",
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    message: "O arquivo enviado é grande demais.",
    code: "payload_too_large",
  },
  // Refused by the router before any route runs (Fastify's frameworkErrors).
  FST_ERR_BAD_URL: { status: 400, message: "Endereço inválido.", code: "bad_url" },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    message: "O endereço pedido é longo demais.",
    code: "uri_too_long",
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: "Envie o arquivo como multipart/form-data.",
    code: "unsupported_media_type",
  },
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error instanceof TooManyRequestsError && error.retryAfterSeconds) {
      reply.header("retry-after", String(error.retryAfterSeconds))
    }
    return reply.status(error.statusCode).send({
      message: error.message,
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
    })
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]!
    const field = first.instancePath.replace(/^\//, "").replaceAll("/", ".")
    return reply.status(400).send({
      message: field ? first.message : fillFormMessage,
      code: "validation_error",
      field: field || undefined,
      in: error.validationContext,
    })
  }
  if (isInvalidText(error))
    return reply.status(400).send({ message: invalidCharacterMessage, code: "invalid_character" })
  const known = error.code ? fastifyClientErrors[error.code] : undefined
  if (known) return reply.status(known.status).send({ message: known.message, code: known.code })
  if (error.statusCode === 429) {
    return reply
      .status(429)
      .send({ message: new TooManyRequestsError().message, code: "too_many_requests" })
  }
  if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, issues: error.cause.issues, reqId: request.id },
      "response does not match its schema",
    )
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Other client errors from Fastify or a plugin: keep the status, never the English text.
    return reply
      .status(error.statusCode)
      .send({ message: "Requisição inválida.", code: "bad_request" })
  } else {
    request.log.error({ err: error, reqId: request.id }, "unexpected error")
  }
  return reply.status(500).send({ message: unexpectedErrorMessage, code: "internal_error" })
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler)
}
