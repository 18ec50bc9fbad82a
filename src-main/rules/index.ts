// Public face of the rules engine: pure TypeScript, no electron, no sqlite.
export { createEngine, type Engine, type EngineOptions } from './engine'
export { DataError, type LoadedRuleset, type Registry } from './registry'
export type * from './types'
