// Starts the real server for end-to-end tests on a fresh embedded database.
import { spawn } from "node:child_process"
import { mkdirSync, rmSync } from "node:fs"
import path from "node:path"
import { writeLocalCertificate } from "./local-certificate.ts"

const port = process.argv[2] ?? "3100"
const dataDir = ".e2e-data"
rmSync(dataDir, { recursive: true, force: true })

// The push journey's local push service (tests/e2e/push-service.ts) serves https with this
// certificate, which the server is told to trust: web-push posts to https endpoints only.
const pushDir = path.resolve(".e2e-push")
mkdirSync(pushDir, { recursive: true })
let pushCa = {}
try {
  writeLocalCertificate(pushDir)
  pushCa = { NODE_EXTRA_CA_CERTS: path.join(pushDir, "cert.pem") }
} catch {
  console.warn("openssl indisponível: a jornada de notificações por push não terá serviço local")
}

// The real server on a clock the journeys can move (tests/e2e/server-clock.ts).
const child = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-clock-server.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    HOST: "127.0.0.1",
    // The address the journeys open: links the server writes (a gateway's return page, e-mails)
    // must lead to the same origin, whose storage holds the session.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // As behind the production balancer: a journey that stands for someone elsewhere says so in
    // X-Forwarded-For, and the per-address limits count it apart from the others.
    TRUST_PROXY: "1",
    PAYMENTS_MODE: "sandbox",
    DATABASE_URL: "",
    ...pushCa,
  },
})
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal))
child.on("exit", (code) => process.exit(code ?? 0))
