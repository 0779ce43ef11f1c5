import { createServer } from "node:http"

const port = Number(process.argv[2] ?? 3200)
createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain" })
  response.end("hello world")
}).listen(port, "127.0.0.1")
