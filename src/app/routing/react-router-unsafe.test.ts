import * as reactRouter from "react-router"
import { describe, expect, it } from "vitest"

/**
 * app-router.ts builds on `UNSAFE_createBrowserHistory`, an export react-router may rename or
 * drop in any release: package.json pins the minor version (~), and this fails before the app
 * does if an update takes it away.
 */
describe("react-router's UNSAFE_createBrowserHistory", () => {
  it("is still exported and gives the history the app router uses", () => {
    expect(typeof reactRouter.UNSAFE_createBrowserHistory).toBe("function")
    const history = reactRouter.UNSAFE_createBrowserHistory()
    for (const method of [
      "listen",
      "push",
      "replace",
      "go",
      "createURL",
      "createHref",
      "encodeLocation",
    ]) {
      expect(typeof (history as unknown as Record<string, unknown>)[method], method).toBe(
        "function",
      )
    }
    history.push("/doc/terms")
    expect(history.location.pathname).toBe("/doc/terms")
    expect(history.location.key).toMatch(/\w+/)
    expect(history.createURL("/demo?x=1").pathname).toBe("/demo")
  })
})
