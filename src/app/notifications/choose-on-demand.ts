/** Saving a choice needs zod and the push code: they load on the first switch, not with the page. */
export const chooseNotifications = async (username: string, viewer: string | null, next: boolean) =>
  (await import("./notify-choice.ts")).chooseNotifications(username, viewer, next)
