// The roster structure validators of the bundled rulesets, compiled at build time: scripts/build-cli.mjs
// puts in their place, in the CLI bundle only, one ajv standalone module per bundled ruleset (made
// from schemas/ and data/ by src-main/rules/structure-codegen.ts). Run from the sources (the tests)
// there are none, and the engine compiles each ruleset's structure schema itself.
import type { StructureModules } from '../rules/precompiled'

export const structureValidators: StructureModules = {}
