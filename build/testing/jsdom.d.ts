// The part of jsdom's API the build's tests use (the registry here has no @types/jsdom).
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; runScripts?: "outside-only" })
    readonly window: Window & typeof globalThis
  }
}
