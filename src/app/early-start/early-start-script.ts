import { startEarly, type EarlyStartPlan } from "./start-early.ts"

/** This build's chunks and API origin, written in by build/early-start.ts. */
declare const EARLY_START_PLAN: EarlyStartPlan

startEarly(EARLY_START_PLAN)
