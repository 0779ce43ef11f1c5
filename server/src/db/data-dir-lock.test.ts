import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, expect, it } from "vitest"
import { lockDataDir, lockFileName } from "./data-dir-lock.ts"
import { openDatabase } from "./client.ts"

let dir = ""
afterEach(() => rmSync(dir, { recursive: true, force: true }))
const freshDir = () => (dir = mkdtempSync(path.join(tmpdir(), "closer-lock-")))

it("refuses a second server on the same data directory, in pt-BR, until the first lets go", () => {
  freshDir()
  const release = lockDataDir(dir)
  expect(readFileSync(path.join(dir, lockFileName), "utf8")).toBe(String(process.pid))
  expect(() => lockDataDir(dir)).toThrow(
    `O diretório de dados ${dir} já está em uso pelo processo ${process.pid}.`,
  )
  release()
  expect(existsSync(path.join(dir, lockFileName))).toBe(false)
  lockDataDir(dir)()
})

it("takes over the lock of a process that is gone", () => {
  freshDir()
  // A process that has ended: its number names no running process now.
  const ended = spawnSync(process.execPath, ["-e", "0"]).pid!
  writeFileSync(path.join(dir, lockFileName), String(ended))
  const release = lockDataDir(dir)
  expect(readFileSync(path.join(dir, lockFileName), "utf8")).toBe(String(process.pid))
  release()
})

it("holds the embedded database's directory while it is open", async () => {
  freshDir()
  const opened = await openDatabase({ dataDir: dir })
  await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/já está em uso/)
  await opened.close()
  const again = await openDatabase({ dataDir: dir })
  await again.close()
})
