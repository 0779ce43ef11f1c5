import type { PaymentGateway } from "../../../src/domain/models.ts"
import type { Provider } from "../adapters/gateways/gateway.ts"

/** Audit reason of a recurring charge known to be stopped at its gateway. */
export const recurrenceStoppedReason = "renovação cancelada no gateway"

/** The gateway that charges for a creator's kind of account. */
export const providerOf = (gateway: PaymentGateway): Provider =>
  gateway === "mercadoPagoPixOnly" ? "mercadoPago" : gateway
