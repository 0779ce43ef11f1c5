export const configFile: string
export function sourceClasses(): string[]
export function classGroups(
  config: object,
): (name: string) => { group: string; lookup: string } | null
export function usedConfig(classes?: string[]): {
  classes: Record<string, string>
  conflictingClassGroups: Record<string, string[]>
  conflictingClassGroupModifiers: Record<string, string[]>
  postfixLookupClassGroups: string[]
  orderSensitiveModifiers: string[]
}
