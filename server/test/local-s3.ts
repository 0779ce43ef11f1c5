import { fork } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"

/**
 * A local S3-compatible server (s3rver), in a child process, with the bucket `media`: it stores,
 * serves ranges, copies and refuses expired presigned URLs, but does not check SigV4 signatures.
 */
export async function startLocalS3() {
  const dir = mkdtempSync(path.join(tmpdir(), "s3rver-"))
  const child = fork(path.join(import.meta.dirname, "local-s3-server.ts"), [dir], {
    execArgv: ["--import", "tsx"],
  })
  const exited = new Promise((resolve) => child.once("exit", resolve))
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port))
    child.once("exit", (code) => reject(new Error(`s3rver ended before starting: ${code}`)))
  })
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Where it keeps its files; tests may put scratch files of their own here too. */
    dir,
    async close() {
      child.disconnect()
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A proxy in front of a store that notes every request (`PUT /media/key`) and, on demand, stalls
 * the next requests (reads them, never answers) or answers them 503 SlowDown.
 */
export async function startS3Proxy(target: string) {
  const seen: string[] = []
  const trouble = { stall: 0, slowDown: 0 }
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${new URL(req.url ?? "/", target).pathname}`)
    if (trouble.stall > 0) {
      trouble.stall--
      req.resume()
      return
    }
    if (trouble.slowDown > 0) {
      trouble.slowDown--
      req.resume()
      req.on("end", () => res.writeHead(503).end("<Error><Code>SlowDown</Code></Error>"))
      return
    }
    const upstream = request(
      new URL(req.url ?? "/", target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on("error", () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    trouble,
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}
