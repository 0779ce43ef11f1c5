import { openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs"
import path from "node:path"

/**
 * The file naming the process that has the embedded database's directory open: beside it, not
 * in it, so that PGlite's own files and their backups hold nothing else.
 */
export const lockFileOf = (dir: string) => `${path.resolve(dir)}.pid`

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/**
 * Takes `dir` for this process, or throws in pt-BR if a running process has it. PGlite's files
 * belong to one process: a second server opening them (a restart before the old one stopped)
 * corrupts them and can leave both spinning. A lock left by a process that died is taken over.
 * Returns the release, which the database's `close` calls.
 */
export function lockDataDir(dir: string): () => void {
  const file = lockFileOf(dir)
  for (;;) {
    try {
      const fd = openSync(file, "wx")
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => {
        if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
    const holder = Number(readFileSync(file, "utf8").trim())
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder))
      throw new Error(
        `O diretório de dados ${dir} já está em uso pelo processo ${holder}. Pare esse servidor ` +
          `antes de iniciar outro, ou use outro DATA_DIR. Se nenhum servidor estiver rodando, ` +
          `apague ${file}.`,
      )
    // Its process is gone: the lock is stale.
    rmSync(file, { force: true })
  }
}
