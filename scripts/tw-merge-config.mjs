// Writes src/components/ui/tw-merge-config.ts: tailwind-merge's default class groups cut down
// to the classes this app's sources use, listed by name (see src/components/ui/cn.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { getDefaultConfig } from "tailwind-merge"
import { createClassGroupUtils, createParseClassName } from "tailwind-merge/unstable-do-not-import"

export const configFile = "src/components/ui/tw-merge-config.ts"

/** Every word of the sources' string literals, variants and ! stripped as tailwind-merge does. */
export function sourceClasses() {
  const parse = createParseClassName(getDefaultConfig())
  const files = readdirSync("src", { recursive: true, encoding: "utf8" })
    .map((file) => path.join("src", file).split(path.sep).join("/"))
    // Unit tests render no app markup; their titles are prose, whose words would pass for classes.
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== configFile)
  const classes = new Set()
  for (const file of files)
    for (const [, , literal] of readFileSync(file, "utf8").matchAll(
      /(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g,
    ))
      for (const word of literal.split(/\s+/))
        // Markup and template pieces ("${", quotes) are no class.
        if (word && !/["'`${}<>]/.test(word)) classes.add(parse(word).baseClassName)
  return [...classes].sort()
}

/**
 * For `config`, a function giving the class group tailwind-merge puts a class in (postfixes such
 * as /80 read as it reads them) and the name it looked up, or null for a class it does not know.
 */
export function classGroups(config) {
  const { getClassGroupId } = createClassGroupUtils(config)
  return (name) => {
    const slash = name.lastIndexOf("/")
    for (const candidate of [name, slash > 0 ? name.slice(0, slash) : name]) {
      const group = getClassGroupId(candidate)
      if (group) return { group, lookup: candidate }
    }
    return null
  }
}

/** The default config's groups, each with the source classes it holds, and their conflicts. */
export function usedConfig(classes = sourceClasses()) {
  const config = getDefaultConfig()
  const groupOf = classGroups(config)
  const groups = {}
  for (const name of classes) {
    const found = groupOf(name)
    // Arbitrary properties ([image-rendering:pixelated]) are grouped without any config.
    if (found && !found.group.startsWith("arbitrary.."))
      // Listed without a negative sign, which tailwind-merge sets aside when it looks up.
      (groups[found.group] ??= new Set()).add(found.lookup.replace(/^-/, ""))
  }
  const used = (group) => group in groups
  const pick = (record) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([group]) => used(group))
        .map(([group, others]) => [group, others.filter(used)])
        .filter(([, others]) => others.length > 0),
    )
  return {
    classes: Object.fromEntries(
      Object.entries(groups)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([group, names]) => [group, [...names].sort().join(" ")]),
    ),
    conflictingClassGroups: pick(config.conflictingClassGroups),
    conflictingClassGroupModifiers: pick(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (config.postfixLookupClassGroups ?? []).filter(used),
    orderSensitiveModifiers: config.orderSensitiveModifiers,
  }
}

export function configSource(config = usedConfig()) {
  return `// Written by scripts/tw-merge-config.mjs from tailwind-merge's default config and the classes
// in src: run \`node scripts/tw-merge-config.mjs\` after using a class the app did not use yet
// (src/components/ui/cn.test.ts says when).
export const twMergeConfig = ${JSON.stringify(config, null, 2)}\n`
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(configFile, configSource())
