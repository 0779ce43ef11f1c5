import { existsSync } from "node:fs"

/**
 * Reads `.env` (or the given file) into process.env when it exists; variables already set in the
 * environment keep their values. See `.env.example`.
 */
export function loadDotEnv(file = ".env"): boolean {
  if (!existsSync(file)) return false
  process.loadEnvFile(file)
  return true
}
