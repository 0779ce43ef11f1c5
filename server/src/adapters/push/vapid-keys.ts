import { createECDH, createHmac } from "node:crypto"

export interface VapidKeys {
  publicKey: string
  privateKey: string
  /** mailto: or https: contact for the push services. */
  subject: string
}

/**
 * A sandbox pair derived from the sessions' secret: stable across restarts and the same on every
 * replica (they share JWT_SECRET), so browsers' subscriptions keep working, with nothing to set.
 * Never used in live mode, where the pair must be given.
 */
export function deriveDevVapidKeys(secret: string, subject: string): VapidKeys {
  const privateKey = createHmac("sha256", secret).update("closer:vapid:sandbox").digest()
  const ecdh = createECDH("prime256v1")
  ecdh.setPrivateKey(privateKey)
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: privateKey.toString("base64url"),
    subject,
  }
}
