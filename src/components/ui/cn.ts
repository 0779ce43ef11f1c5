import { clsx, type ClassValue } from "clsx"
import { createTailwindMerge } from "tailwind-merge"
import { twMergeConfig } from "./tw-merge-config.ts"

const { classes, ...conflicts } = twMergeConfig

/**
 * tailwind-merge with only the class groups the app uses, each listing its classes by name
 * (tw-merge-config.ts), instead of the default config that knows every Tailwind class and cost
 * every page about 6 KB gzip. For the classes in src it merges exactly as the default does
 * (cn.test.ts checks it).
 */
const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: Object.fromEntries(
    Object.entries(classes).map(([group, names]) => [group, names.split(" ")]),
  ),
  ...conflicts,
}))

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs))
}

/**
 * Builds tailwind-merge's class map now. It is built on the first merge, which would otherwise
 * fall in the middle of hydrating a page and make that slice a long task; called in a task of
 * its own just before, it leaves hydration short.
 */
export function prepareClassMerge(): void {
  merge("")
}
