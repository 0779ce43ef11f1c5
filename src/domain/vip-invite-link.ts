/**
 * The query parameter of a lista VIP invitation's link; its value is a secret. Apart from the
 * invitation's schemas: the creator's paths, which every first visit builds, name it, and they
 * must not bring zod into that visit.
 */
export const VIP_INVITE_PARAM = "convite"
