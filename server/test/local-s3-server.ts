import type { AddressInfo } from "node:net"
import S3rver from "s3rver"

// Started by startLocalS3 in a process of its own, so the bytes it receives never count in the
// memory of the process under test. It ends with its parent.
const server = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: process.argv[2]!,
  configureBuckets: [{ name: "media", configs: [] }],
})
const address = (await server.run()) as AddressInfo
process.on("disconnect", () => void server.close().finally(() => process.exit(0)))
process.send!({ port: address.port })
