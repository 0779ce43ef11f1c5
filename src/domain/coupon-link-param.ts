/**
 * The query parameter of a coupon link (`/{username}?cupom=CODE`). Apart from the coupon's price
 * rules, so the profile's first load, which only keeps the link's code, carries none of them.
 */
export const COUPON_PARAM = "cupom"
