/** Errors a service throws on purpose; the error handler turns them into `{ message, code }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    /** The request field at fault, when there is one. */
    readonly field?: string,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = "bad_request", field?: string) {
    super(400, message, code, field)
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Faça login para continuar.", code = "unauthorized") {
    super(401, message, code)
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "Você não tem permissão para fazer isso.", code = "forbidden") {
    super(403, message, code)
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Não encontrado.", code = "not_found") {
    super(404, message, code)
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = "conflict", field?: string) {
    super(409, message, code, field)
  }
}

/** The request is well formed but breaks a rule (a wrong code, a wrong current password). */
export class ValidationError extends AppError {
  constructor(message: string, code = "validation_error", field?: string) {
    super(422, message, code, field)
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message = "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
    code = "too_many_requests",
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message, code)
  }
}

export const unexpectedErrorMessage = "Houve um erro inesperado."
