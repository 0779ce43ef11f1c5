import { describe, expect, it } from "vitest"
import {
  PushPayloadSchema,
  UNSUBSCRIBE_PATH,
  pushPayloadFor,
  pushSubscriptionBody,
} from "./notifications.ts"
import { isNonCreatorSegment } from "./route-segments.ts"

describe("new-content notifications", () => {
  it("names the creator, never the content, and opens her page", () => {
    expect(PushPayloadSchema.parse(pushPayloadFor("demo"))).toEqual({
      title: "Closer",
      body: "@demo publicou algo novo",
      url: "/demo",
      tag: "novidade-demo",
    })
  })

  it("takes a browser's subscription only with an https endpoint and base64url keys", () => {
    const keys = { p256dh: "B".repeat(87), auth: "a".repeat(22) }
    expect(
      pushSubscriptionBody.safeParse({ endpoint: "https://fcm.googleapis.com/x", keys }).success,
    ).toBe(true)
    for (const endpoint of ["http://127.0.0.1/x", "file:///etc/passwd", "nada"])
      expect(pushSubscriptionBody.safeParse({ endpoint, keys }).error?.issues[0]?.message).toBe(
        "Endereço de notificação inválido",
      )
    expect(
      pushSubscriptionBody.safeParse({
        endpoint: "https://x.com/y",
        keys: { ...keys, auth: "a b" },
      }).success,
    ).toBe(false)
  })

  it("keeps the unsubscribe page out of the creators' usernames", () => {
    expect(UNSUBSCRIBE_PATH).toBe("/descadastrar")
    expect(isNonCreatorSegment("descadastrar")).toBe(true)
  })
})
