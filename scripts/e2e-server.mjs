// Starts the real server for end-to-end tests on a fresh embedded database.
import { spawn } from "node:child_process"
import { rmSync } from "node:fs"

const port = process.argv[2] ?? "3100"
const dataDir = ".e2e-data"
rmSync(dataDir, { recursive: true, force: true })

const child = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
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
  },
})
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal))
child.on("exit", (code) => process.exit(code ?? 0))
