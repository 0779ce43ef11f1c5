import type { PaymentGateway, PixKeyType } from "../../../../src/domain/models.ts"
import {
  bacenNeedsPixMessage,
  gatewayUnavailableMessage,
  isGatewayUnavailable,
  type CredentialStatus,
  type Receiving,
} from "../../../../src/domain/studio.ts"
import { paymentGateways } from "../../../../src/domain/models.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ValidationError } from "../../errors.ts"
import type { ProfileRow } from "../../db/rows.ts"
import { requireOwnProfile } from "./studio-access.ts"
import { createStudioRepository } from "./studio.repository.ts"

export interface ReceivingChange {
  paymentGateway?: PaymentGateway
  pix?: { type: PixKeyType; key: string } | null
  migrating?: boolean
}

/**
 * Whether a gateway can take money for this creator. The Pix-direct gateway (bacen) needs only
 * the creator's own key; the providers need the platform's credentials, which sandbox fakes.
 */
function credentialsOf(
  gateway: PaymentGateway,
  profile: ProfileRow,
  deps: ModuleDeps,
): CredentialStatus {
  if (gateway === "bacen") return profile.pixKey ? "configured" : "missing"
  if (deps.config.paymentsMode === "sandbox") return "sandbox"
  const settings = deps.config.payments
  const configured =
    gateway === "iugu"
      ? !!(settings?.iugu?.apiToken && settings.iugu.accountId)
      : !!(settings?.mercadoPago?.accessToken && settings.mercadoPago.publicKey)
  return configured ? "configured" : "missing"
}

function toReceiving(profile: ProfileRow, deps: ModuleDeps): Receiving {
  return {
    paymentGateway: profile.paymentGateway,
    pix: profile.pixType && profile.pixKey ? { type: profile.pixType, key: profile.pixKey } : null,
    migrating: profile.migrating,
    gateways: paymentGateways.map((gateway) => ({
      gateway,
      credentials: credentialsOf(gateway, profile, deps),
    })),
  }
}

export function createStudioReceivingService(deps: ModuleDeps) {
  return {
    async get(accountId: string) {
      return toReceiving(await requireOwnProfile(deps.db, accountId), deps)
    },

    async update(accountId: string, change: ReceivingChange) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const gateway = change.paymentGateway ?? profile.paymentGateway
      // Keeping the gateway she has is not a choice: the rest of the form still saves.
      if (
        gateway !== profile.paymentGateway &&
        isGatewayUnavailable(gateway, credentialsOf(gateway, profile, deps))
      ) {
        throw new ValidationError(
          gatewayUnavailableMessage,
          "gateway_unavailable",
          "paymentGateway",
        )
      }
      const keyAfter = change.pix === undefined ? profile.pixKey : change.pix?.key
      if (gateway === "bacen" && !keyAfter) {
        throw new ValidationError(bacenNeedsPixMessage, "pix_key_required", "pix")
      }
      const updated = await createStudioRepository(deps.db).updateReceiving(
        profile.id,
        {
          ...(change.paymentGateway ? { paymentGateway: change.paymentGateway } : {}),
          ...(change.pix !== undefined
            ? { pixType: change.pix?.type ?? null, pixKey: change.pix?.key ?? null }
            : {}),
          ...(change.migrating !== undefined ? { migrating: change.migrating } : {}),
        },
        deps.clock.now(),
      )
      deps.creatorChanges.changed(profile.username)
      return toReceiving(updated, deps)
    },
  }
}
