import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, expect, it } from "vitest"
import { lockDataDir, lockFileOf } from "./data-dir-lock.ts"
import { openDatabase } from "./client.ts"

let dir = ""
/** A PGlite directory inside a fresh one, which also receives its lock file. */
const freshDir = () => (dir = path.join(mkdtempSync(path.join(tmpdir(), "closer-lock-")), "pglite"))
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }))

it("refuses a second server on the same data directory, in pt-BR, until the first lets go", () => {
  freshDir()
  const release = lockDataDir(dir)
  expect(lockFileOf(dir)).toBe(`${dir}.pid`)
  expect(readFileSync(lockFileOf(dir), "utf8")).toBe(String(process.pid))
  expect(() => lockDataDir(dir)).toThrow(
    `O diretório de dados ${dir} já está em uso pelo processo ${process.pid}.`,
  )
  release()
  expect(existsSync(lockFileOf(dir))).toBe(false)
  lockDataDir(dir)()
})

it("takes over the lock of a process that is gone", () => {
  freshDir()
  // A process that has ended: its number names no running process now.
  const ended = spawnSync(process.execPath, ["-e", "0"]).pid!
  writeFileSync(lockFileOf(dir), String(ended))
  const release = lockDataDir(dir)
  expect(readFileSync(lockFileOf(dir), "utf8")).toBe(String(process.pid))
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
