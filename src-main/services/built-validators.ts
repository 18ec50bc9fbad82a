// The validators the CLI's build compiled into its bundle (scripts/build-cli.mjs: cli/structure-validators.ts
// and cli/schema-validators.ts), made into what the engine takes (userEngine's `precompiled` and
// `validators`: the game-file checks and a sheet's reference data use the latter). Each is used only while the schema it was made from is unchanged (rules/precompiled.ts).
export { precompiledStructures as builtStructures, precompiledValidators as builtValidators } from '../rules/precompiled'
