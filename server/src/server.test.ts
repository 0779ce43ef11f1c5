import { spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import net, { type AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { xsrfCookieName, xsrfHeaderName } from "./plugins/anti-forgery.ts"

const repoRoot = fileURLToPath(new URL("../../", import.meta.url))

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "closer-start-"))
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1")
  await once(probe, "listening")
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe("server start", () => {
  it(
    "in live mode without SMTP nor a captcha secret stops, naming both and their waivers",
    { timeout: 120_000 },
    async () => {
      const server = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: "",
          DATA_DIR: dataDir,
          PAYMENTS_MODE: "live",
          SMTP_URL: "",
          CAPTCHA_SECRET: "",
          ALLOW_NO_SMTP: "",
          ALLOW_NO_CAPTCHA: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      })
      let stderr = ""
      server.stderr.on("data", (chunk) => (stderr += chunk))
      const [code] = await once(server, "exit")
      expect(code).toBe(1)
      expect(stderr).toContain("Configuração inválida:")
      expect(stderr).toContain("SMTP_URL: obrigatório com PAYMENTS_MODE=live")
      expect(stderr).toContain("defina ALLOW_NO_SMTP=1")
      expect(stderr).toContain("CAPTCHA_SECRET: obrigatório com PAYMENTS_MODE=live")
      expect(stderr).toContain("defina ALLOW_NO_CAPTCHA=1")
      // Refused before the database was opened.
      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false)
    },
  )

  it("in live mode puts no demo account in an empty database", { timeout: 180_000 }, async () => {
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const server = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        HOST: "127.0.0.1",
        PORT: String(port),
        PAYMENTS_MODE: "live",
        // Waived by name: this test sends no mail and plays no bot.
        ALLOW_NO_SMTP: "1",
        ALLOW_NO_CAPTCHA: "1",
        DEMO_DATA: "",
        JOBS: "off",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    server.stdout.on("data", (chunk) => (output += chunk))
    server.stderr.on("data", (chunk) => (output += chunk))
    const exited = once(server, "exit")
    try {
      for (let ready = false; !ready;) {
        expect(server.exitCode, output).toBeNull()
        ready = await fetch(`${origin}/v1/ready`).then(
          (res) => res.ok,
          () => false,
        )
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 250))
      }
      expect((await fetch(`${origin}/v1/profile/demo`)).status).toBe(404)
      const health = await fetch(`${origin}/v1/health`)
      const xsrf = new RegExp(`${xsrfCookieName}=([^;]+)`).exec(
        health.headers.get("set-cookie") ?? "",
      )![1]!
      const adminLogin = await fetch(`${origin}/v1/auth/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `${xsrfCookieName}=${xsrf}`,
          [xsrfHeaderName]: xsrf,
        },
        body: JSON.stringify({ usernameOrEmail: "admin@demo.com.br", password: "demo1234" }),
      })
      expect(adminLogin.status).toBe(401)
      expect(output).not.toContain("dados de demonstração criados")
    } finally {
      server.kill("SIGINT")
      await exited
    }
  })
})
