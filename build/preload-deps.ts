import type { ResolveModulePreloadDependenciesFn } from "vite"

/**
 * Leaves out of a lazy import's preload list the chunks every page has loaded before any lazy
 * import runs (the runtime, the libraries): the browser has them already. The lists are written
 * into the chunks every page loads, once per lazy route, so these names cost every first load.
 * The pages of `unlisted` (the studio's and the operator's, which no follower opens) get no
 * list at all: the server names their chunks when one is opened (server/src/modules/pages),
 * and their login page fetches the area's first page while idle. index.html's own preload tags
 * (`hostType` "html") keep them all.
 */
export function skipLoadedChunks(
  chunkNames: string[],
  unlisted?: RegExp,
): ResolveModulePreloadDependenciesFn {
  const loaded = new RegExp(`(^|/)(${chunkNames.join("|")})-[\\w-]{8}\\.js$`)
  return (filename, deps, { hostType }) => {
    if (hostType === "html") return deps
    if (unlisted?.test(filename)) return []
    // The import fetches its own chunk as the list is read: naming it again saves nothing.
    return deps.filter((dep) => dep !== filename && !loaded.test(dep))
  }
}

/** The route chunks of the studio's and the operator's pages. */
export const staffPages = /(^|\/)(studio|admin)-[\w-]*route-[\w-]{8}\.js$/
