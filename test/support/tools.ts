// What some tiers need besides Node and the checkout: tools (Chromium for e2e, poppler-utils for
// reading PDFs back, setpriv, a C++ toolchain) and the shared fixtures beside the project
// (../shared, e.g. the 600 real Meshwesh lists). Where one is missing, those tests skip and say so,
// so a developer's machine still runs the rest; under CI=true they fail instead, so a green CI never
// hides a tier that did not run. (The Electron launch test is the one skip CI allows: the binary
// cannot be downloaded there.)
import { existsSync } from 'node:fs'

const onCi = () => process.env.CI === 'true'

/** Warns that `what` is missing and its tests skip; on CI, throws instead. */
function missing(what: string, remedy: string): undefined {
  const message = `${what}: its tests ${onCi() ? 'cannot run' : 'are skipped'} (${remedy}).`
  if (onCi()) throw new Error(`${message} CI runs every tier.`)
  console.warn(message)
  return undefined
}

/** `found` if the tool is there; else undefined (the tests skip, with a warning), or on CI an error. */
export function toolOrSkip<T>(tool: string, found: T | undefined, install: string): T | undefined {
  return found || missing(`${tool} is not installed`, install)
}

/** `path` (under ../shared) if it is there; else undefined (the tests skip, with a warning), or on CI an error. */
export function sharedOrSkip(what: string, path: string): string | undefined {
  return existsSync(path) ? path : missing(`${what} (${path}) is absent`, 'it ships beside the project, in ../shared')
}
