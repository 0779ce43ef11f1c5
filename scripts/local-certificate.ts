import { execFileSync } from "node:child_process"
import path from "node:path"

/**
 * Writes a self-signed certificate for 127.0.0.1 (key.pem and cert.pem in `dir`), for the local
 * push service the notification tests post to: push services speak https only. Throws when
 * openssl is missing.
 */
export function writeLocalCertificate(dir: string): { key: string; cert: string } {
  const files = { key: path.join(dir, "key.pem"), cert: path.join(dir, "cert.pem") }
  execFileSync(
    "openssl",
    [
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ["-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
      ["-keyout", files.key, "-out", files.cert],
    ].flat(),
    { stdio: "ignore" },
  )
  return files
}
