import { readFileSync } from "node:fs"
import path from "node:path"

export const deployedNginxConf = path.join(import.meta.dirname, "../../deploy/nginx.conf")

/**
 * deploy/nginx.conf with the test's replicas as its upstream servers (each keeping the file's
 * parameters) and its own listen address, so the tests run the configuration operators deploy.
 */
export function renderNginxConf(template: string, listen: string, replicaPorts: number[]) {
  const upstream = /^([ \t]*)server[ \t]+[^\s;{]+([^;\n]*);[^\n]*\n/gm
  const lines = [...template.matchAll(upstream)]
  const first = lines[0]
  if (!first) throw new Error("deploy/nginx.conf has no upstream server line")
  const servers = replicaPorts.map((port) => `${first[1]}server 127.0.0.1:${port}${first[2]};\n`)
  const listenLine = /^([ \t]*)listen[ \t][^;\n]*;/gm
  if ((template.match(listenLine) ?? []).length !== 1)
    throw new Error("deploy/nginx.conf should have one listen line")
  return template
    .replace(upstream, (line) => (line === first[0] ? servers.join("") : ""))
    .replace(listenLine, `$1listen ${listen};`)
}

/** A whole nginx.conf for a process of the test's own: its files under `root`, the site included. */
export function testNginxMain(root: string, site: string) {
  return `worker_processes 1;
pid ${root}/nginx.pid;
error_log ${root}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${root}/body;
  proxy_temp_path ${root}/proxy;
  include ${site};
}
`
}

export const readDeployedNginxConf = () => readFileSync(deployedNginxConf, "utf8")
