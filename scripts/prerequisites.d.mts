export interface Missing {
  what: string
  for: string
  package: string
}
export interface System {
  chromePath: string
  hasCommand: (name: string) => boolean
  fonts: string | null
}
export function onPath(name: string, envPath?: string): string | null
export function installedFonts(): string | null
export function missingPrerequisites(system: System): Missing[]
export function missingFonts(fonts: string | null): Missing[]
export function missingFontsMessage(missing: Missing[]): string
export function prerequisitesMessage(missing: Missing[]): string
export function thisMachine(): System
