import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { EnvError, loadEnv } from "../env.ts"

const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "closer-secrets-"))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe("secrets", () => {
  it("are generated strong, kept readable by the owner only, and never shorter than 32 characters", () => {
    const dir = dataDir()
    const env = loadEnv({ DATA_DIR: dir })
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32)
    expect(env.MEDIA_SIGNING_SECRET).not.toBe(env.JWT_SECRET)
    expect(statSync(path.join(dir, "secrets.json")).mode & 0o777).toBe(0o600)
    expect(() => loadEnv({ DATA_DIR: dataDir(), JWT_SECRET: "curto-demais" })).toThrow(EnvError)
    expect(() =>
      loadEnv({ DATA_DIR: dataDir(), PAYMENTS_MODE: "live", IUGU_WEBHOOK_TOKEN: "curto" }),
    ).toThrow(EnvError)
  })
})
