// Component tests run the app's own main-process wiring in-process (support/library.ts: real engine,
// real SQLite file, fake file dialogs) behind window.muster, exactly as the preload would expose it.
import { channelNames, type Channel, type MusterBridge } from '../../src-main/ipc/contract'
import { testLibrary, type TestLibrary } from '../support/library'
import type { RosterDocument } from '../../src-main/store/types'

export async function installBridge(
  opts: { busyTimeoutMs?: number } = {}
): Promise<{ dispose: () => void; handlers: TestLibrary['handlers']; library: TestLibrary['lib'] }> {
  const library = await testLibrary(opts)
  const bridge = Object.fromEntries((Object.keys(channelNames) as Channel[]).map((c) => [c, (...args: unknown[]) => library.dispatch(c, args)]))
  ;(window as unknown as { muster: MusterBridge }).muster = { ...bridge, onCommand: () => () => undefined, pathForFile: () => '' } as unknown as MusterBridge
  return { dispose: library.dispose, handlers: library.handlers, library: library.lib }
}

/** A legal 508-point WRG 1969 Early Imperial Roman roster: unit 2 is 30 regular class B heavy infantry. */
export const roman = (name = 'Legio XX'): RosterDocument => ({
  format: 'muster-roster',
  version: 1,
  name,
  ruleset: 'wrg-1969',
  army: 'early-imperial-roman',
  year: 60,
  units: [
    { id: 'g', troop: 'general', count: 1 },
    { id: 'hi', troop: 'heavy-infantry', count: 30, status: 'regular', class: 'B' },
    { id: 'hc', troop: 'heavy-cavalry', count: 12, status: 'regular' },
    { id: 'li', troop: 'light-infantry', count: 12, status: 'regular' }
  ]
})
