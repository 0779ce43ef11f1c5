/**
 * Where a read's time goes: starts the server (PGlite, or PostgreSQL with DATABASE_URL) with the
 * inspector on, signs in as the demo's subscriber and, for each path, times 200 requests one at
 * a time, then loads it for PROFILE_SECONDS (8) at PROFILE_CONNECTIONS (10) while the V8 CPU
 * profiler samples the server. Writes one .cpuprofile per path into bench/.profiles/<label>/
 * and prints each one's heaviest functions.
 *
 *   node --import tsx bench/profile.ts <port> <label> [/v1/path,/v1/other]
 */
import { spawn } from "node:child_process"
import { once } from "node:events"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import autocannon from "autocannon"
import { signIn } from "./api.ts"
import { cpuMs } from "./process-cpu.ts"
import { summarizeProfile, type CpuProfile } from "./profile-summary.ts"

const port = Number(process.argv[2] ?? 3313)
const label = process.argv[3] ?? "profile"
const paths = (
  process.argv[4] ??
  "/v1/u/demo/medias,/v1/u/demo/stories,/v1/u/demo/highlights,/v1/demo/subscription,/v1/profile/demo"
).split(",")
const seconds = Number(process.env.PROFILE_SECONDS ?? 8)
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 10)
const dataDir = `bench/.data-${port}`
const profileDir = `bench/.profiles/${label}`
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(profileDir, { recursive: true })

const server = spawn(
  process.execPath,
  ["--inspect=127.0.0.1:0", "--import", "tsx", "server/src/server.ts"],
  {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      PAYMENTS_MODE: "sandbox",
      LOG_LEVEL: "warn",
      JOBS: "off",
      JWT_SECRET: "bench-jwt-secret-".padEnd(48, "x"),
      MEDIA_SIGNING_SECRET: "bench-media-secret-".padEnd(48, "x"),
      SHUTDOWN_DRAIN_MS: "0",
      // Buyers arrive from many addresses; the bench says which one through the proxy header.
      TRUST_PROXY: "1",
    },
  },
)
const inspectorUrl = await new Promise<string>((resolve) => {
  let said = ""
  server.stderr!.on("data", (chunk: Buffer) => {
    said += chunk.toString()
    const url = /ws:\/\/\S+/.exec(said)?.[0]
    if (url) resolve(url)
  })
})

// The inspector's protocol, just enough to start and stop the CPU profiler.
const inspector = new WebSocket(inspectorUrl)
await once(inspector, "open")
let lastId = 0
const waiting = new Map<number, (result: unknown) => void>()
inspector.addEventListener("message", (event) => {
  const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown }
  if (message.id) waiting.get(message.id)?.(message.result)
})
const call = <T>(method: string, params = {}) =>
  new Promise<T>((resolve) => {
    lastId += 1
    waiting.set(lastId, resolve as (result: unknown) => void)
    inspector.send(JSON.stringify({ id: lastId, method, params }))
  })
await call("Profiler.enable")
await call("Profiler.setSamplingInterval", { interval: 200 })

const randomOctet = () => Math.floor(Math.random() * 250) + 1
const checkoutBody = () =>
  JSON.stringify({
    email: `comprador.${Date.now()}.${Math.random().toString(36).slice(2)}@exemplo.com.br`,
    planName: "MONTHLY",
    typeAuth: "new_user",
    token: "bench",
  })

const origin = `http://127.0.0.1:${port}`
try {
  for (let tries = 0; ; tries += 1) {
    if ((await fetch(`${origin}/v1/health`).catch(() => null))?.ok) break
    if (tries > 480) throw new Error("the server did not start")
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const subscriber = await signIn(origin, "assinante@demo.com.br", "demo1234")
  // PROFILE_AS=visitor reads as the bench's public cases do: the cookie alone, no token.
  const headers: Record<string, string> =
    process.env.PROFILE_AS === "visitor"
      ? { cookie: subscriber.cookie }
      : { cookie: subscriber.cookie, authorization: `Bearer ${subscriber.accessToken}` }
  const buyer = {
    "content-type": "application/json",
    cookie: subscriber.cookie,
    "x-xsrf-token": subscriber.xsrf,
  }
  for (const named of paths) {
    // "POST /v1/demo/iugu/subscription/pix": a new buyer's Pix checkout, from an address of
    // her own, as in bench/api.ts.
    const post = named.startsWith("POST ")
    const path = named.replace(/^POST /, "")
    const newBuyer = () => ({
      ...buyer,
      "x-forwarded-for": `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`,
    })
    const send = () =>
      post
        ? fetch(origin + path, { method: "POST", headers: newBuyer(), body: checkoutBody() })
        : fetch(origin + path, { headers })
    const first = await send()
    const bytes = (await first.arrayBuffer()).byteLength
    const times: number[] = []
    for (let i = 0; i < (post ? 40 : 200); i += 1) {
      const start = performance.now()
      await (await send()).arrayBuffer()
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    await call("Profiler.start")
    const cpuBefore = cpuMs(server.pid!)
    const load = await autocannon({
      url: origin + path,
      headers,
      connections,
      duration: seconds,
      ...(post && {
        requests: [
          {
            method: "POST",
            setupRequest: (request) => ({
              ...request,
              headers: newBuyer(),
              body: checkoutBody(),
            }),
          },
        ],
      }),
    })
    const cpuPerRequest = (cpuMs(server.pid!) - cpuBefore) / load.requests.total
    const { profile } = await call<{ profile: CpuProfile }>("Profiler.stop")
    writeFileSync(
      `${profileDir}/${named.replaceAll(/[ /]/g, "_")}.cpuprofile`,
      JSON.stringify(profile),
    )
    console.log(
      `\n${named}: ${first.status}, ${bytes} bytes; one at a time median ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(2)} ms; ` +
        `${connections} connections: ${(load.requests.total / load.duration).toFixed(0)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, non-2xx ${load.non2xx}; ` +
        `server CPU ${cpuPerRequest.toFixed(2)} ms a request (profiler on)`,
    )
    console.log(summarizeProfile(profile, 12))
  }
} finally {
  inspector.close()
  server.kill("SIGTERM")
  await once(server, "exit")
  rmSync(dataDir, { recursive: true, force: true })
}
