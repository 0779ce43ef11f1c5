import { pgEnum } from "drizzle-orm/pg-core"
import {
  paymentGateways,
  paymentMethods,
  paymentStatuses,
  pixKeyTypes,
  planNames,
  roles,
  subscriptionStatuses,
} from "../../../src/domain/models.ts"

export const roleEnum = pgEnum("role", roles)
export const paymentGatewayEnum = pgEnum("payment_gateway", paymentGateways)
export const pixKeyTypeEnum = pgEnum("pix_key_type", pixKeyTypes)
export const planNameEnum = pgEnum("plan_name", planNames)
export const storyKindEnum = pgEnum("story_kind", ["video", "image"])
export const subscriptionStatusEnum = pgEnum("subscription_status", subscriptionStatuses)
export const paymentStatusEnum = pgEnum("payment_status", paymentStatuses)
export const paymentMethodEnum = pgEnum("payment_method", paymentMethods)
