// Public face of the rules engine: pure TypeScript, no electron, no sqlite.
export { createEngine, type Engine, type EngineOptions } from './engine'
export { DataError, type Era, type LoadedRuleset, type Registry } from './registry'
export { defaultCount, TOLERATED_ERRORS, type AvailableOption, type OptionsAnswer, type UnavailableOption } from './options'
export { solveArmy, candidateYears, type SolveResult } from './solver'
export type * from './types'
