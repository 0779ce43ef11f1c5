import path from "node:path"

/**
 * A path inside the project, from the folder the server is started in (npm scripts, the
 * Dockerfile and the systemd unit all start it at the root). Not from this file's own place:
 * it runs both as server/src/*.ts (tsx) and emitted into dist-server/ (plain node).
 */
export function fromProjectRoot(...segments: string[]): string {
  return path.resolve(process.cwd(), ...segments)
}
