/**
 * Every SWR cache key of the app, so a mutation can name exactly what it invalidates. `viewer`
 * is the access token (null for a visitor): what the API answers depends on who asks.
 */
export const keys = {
  session: (viewer: string | null) => ["session", viewer] as const,
  profile: (username: string) => ["profile", username] as const,
  stats: (username: string) => ["stats", username] as const,
  highlights: (username: string, viewer: string | null) =>
    ["highlights", username, viewer] as const,
  stories: (username: string, viewer: string | null) => ["stories", username, viewer] as const,
  /** One page of the photos: `cursor` null for the first. */
  medias: (username: string, viewer: string | null, cursor: string | null = null) =>
    ["medias", username, viewer, cursor] as const,
  subscription: (username: string, viewer: string | null) =>
    ["subscription", username, viewer] as const,
  savedCards: (viewer: string | null) => ["saved-cards", viewer] as const,
  /** Her choice for one creator's news; `username` null: the list of every creator. */
  notifications: (username: string | null, viewer: string | null) =>
    ["notifications", username, viewer] as const,
  paymentsConfig: () => ["payments-config"] as const,
  /** The signed-in creator's studio data; `part` names the endpoint, `args` its filters. */
  studio: (part: string, viewer: string | null, ...args: unknown[]) =>
    ["studio", part, viewer, ...args] as const,
  admin: (part: string, viewer: string | null, ...args: unknown[]) =>
    ["admin", part, viewer, ...args] as const,
}
