export interface Summary {
  passed: number
  failed: number
  names: string[]
}
export function vitestSummary(report: unknown, cwd?: string): Summary
export function playwrightSummary(report: unknown): Summary
