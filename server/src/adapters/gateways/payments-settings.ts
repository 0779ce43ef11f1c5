/** Gateway settings from the environment; everything is optional so tests pass only what they use. */
export interface PaymentsSettings {
  iugu?: {
    apiUrl?: string
    apiToken?: string
    accountId?: string
    /** The Authorization value registered with iugu's webhook; iugu sends it back on each call. */
    webhookToken?: string
    /** iugu.js test mode in the browser. */
    testMode?: boolean
  }
  mercadoPago?: {
    apiUrl?: string
    accessToken?: string
    publicKey?: string
    /** Secret of the notification signature (x-signature). */
    webhookSecret?: string
  }
  /** City written in static Pix codes (the creators' own keys). */
  pixCity?: string
  /** Deadline of each gateway HTTP call. */
  timeoutMs?: number
  /** Run expiry, reconciliation and reminder jobs in this process. */
  jobs?: boolean
}
