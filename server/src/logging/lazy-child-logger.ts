import type { FastifyBaseLogger } from "fastify"
import type { Bindings, ChildLoggerOptions, LevelWithSilent } from "pino"

type LevelName = Exclude<LevelWithSilent, "silent">
type LogArgs = Parameters<FastifyBaseLogger["info"]>

// pino's numeric levels: a line is written when its level is at least the logger's.
const levelValues: Record<LevelName, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
}

/**
 * A request's logger, made only when the request logs something. Fastify makes one per request,
 * and a pino child runs the redaction over its bindings as it is made: about 5 % of a public
 * read's CPU, for a logger nearly every request never uses (its access line goes through the
 * app's logger, see RequestLog). A class, so that each request allocates one small object.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined
  readonly #parent: FastifyBaseLogger
  readonly #bindings: Bindings
  readonly #options: ChildLoggerOptions

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#options = options
  }

  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level
  }

  set level(level: string) {
    this.#logger().level = level
  }

  fatal(...args: LogArgs) {
    this.#write("fatal", args)
  }
  error(...args: LogArgs) {
    this.#write("error", args)
  }
  warn(...args: LogArgs) {
    this.#write("warn", args)
  }
  info(...args: LogArgs) {
    this.#write("info", args)
  }
  debug(...args: LogArgs) {
    this.#write("debug", args)
  }
  trace(...args: LogArgs) {
    this.#write("trace", args)
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.#logger().child(bindings, options)
  }

  #logger() {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options))
  }

  // Until it is made, a line its level would drop does not make it ("silent" drops every one).
  #write(name: LevelName, args: LogArgs) {
    if (this.#made) this.#made[name](...args)
    else if (levelValues[name] >= (levelValues[this.level as LevelName] ?? Infinity))
      this.#logger()[name](...args)
  }
}

export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options)
}
