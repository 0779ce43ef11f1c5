/**
 * The pages whose first HTML the server renders (see ssr/render-page.tsx): the ones people land
 * on from a link, and the first steps of signing in, which look the same to every visitor; and
 * "reader", a buyer's own payment pages, drawn only for the reader whose pass (a cookie of her
 * session) comes with the request. Other pages that depend on who is reading, or on what this
 * browser remembers, start in the browser.
 */
export type FirstRender =
  "landing" | "profile" | "checkout" | "site" | "sign-in" | "not-found" | "reader"
export const firstRender = (page: FirstRender) => ({ handle: { firstRender: page } })
