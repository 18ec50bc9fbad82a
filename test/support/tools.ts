// The tools some tiers need besides Node (Chromium for e2e, poppler-utils for reading PDFs back).
// Where one is missing, those tests skip and say so, so a developer's machine still runs the rest;
// under CI=true they fail instead, so a green CI never hides a tier that did not run. (The Electron
// launch test is the one skip CI allows: the binary cannot be downloaded there.)

/** `found` if the tool is there; else undefined (the tests skip, with a warning), or on CI an error. */
export function toolOrSkip<T>(tool: string, found: T | undefined, install: string): T | undefined {
  if (found) return found
  const message = `${tool} is not installed: its tests ${process.env.CI === 'true' ? 'cannot run' : 'are skipped'} (${install}).`
  if (process.env.CI === 'true') throw new Error(`${message} CI runs every tier.`)
  console.warn(message)
  return undefined
}
