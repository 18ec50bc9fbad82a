// The validators of the project schemas the CLI checks files against (`muster game`'s game files and
// rosters, a ruleset's reference data a printed sheet reads: cli/main.ts gives them to the engine),
// compiled at build time:
// scripts/build-cli.mjs puts in their place, in the CLI bundle only, one ajv standalone module per
// schema (made from schemas/ by src-main/rules/schema-codegen.ts), keyed by the schema's $id. Run
// from the sources (the tests) there are none, and each schema is compiled by the project's Ajv.
import type { SchemaModules } from '../rules/precompiled'

export const schemaValidators: SchemaModules = {}
