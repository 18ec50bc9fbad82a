// The roster editor in jsdom, for its component tests (test/components/editor*.test.tsx): the bridge
// installed before each test and closed after, a roster opened in the editor, and what the bar shows.
import { cleanup, configure, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect } from 'vitest'
import { EditorScreen } from '../../src-renderer/screens/EditorScreen'
import { useEditor } from '../../src-renderer/state/editor'
import type { RosterDocument } from '../../src-main/store/types'
import { installBridge } from '../components/setup'

type Handlers = Awaited<ReturnType<typeof installBridge>>['handlers']
let dispose: () => void
let installed: Handlers

/** Installs the bridge before each test of the file that calls it, and tidies after. */
export function editorHarness(): void {
  // Each check and save goes through the real engine and SQLite: on a loaded CI machine that can take
  // longer than Testing Library's default 1 s wait, so waits are patient (they return as soon as true).
  configure({ asyncUtilTimeout: 10_000 })
  beforeEach(async () => {
    ;({ dispose, handlers: installed } = await installBridge())
    // jsdom does no layout, so it has no scrolling; the browser tests cover the real thing.
    Element.prototype.scrollIntoView = () => undefined
  })
  afterEach(() => {
    cleanup()
    useEditor.getState().close()
    dispose()
  })
}

/** The library's handlers of the running test. */
export const handlers = (): Handlers => installed

/** Creates the roster in the library and opens it in the editor, in the default (compact) view; answers its id. */
export async function openEditor(doc: RosterDocument) {
  localStorage.removeItem('muster.unitView') // each test starts in the default (compact) view
  const row = await installed.createRoster(doc)
  useEditor.getState().load(row.id, doc)
  render(<EditorScreen initialRevision={1} onClose={() => undefined} />)
  await waitFor(() => expect(document.querySelector('[class*="points-text_"]')).not.toBeNull())
  return row.id
}

export const pointsText = () => document.querySelector('[class*="points-text_"]')!.textContent

/** Waits until the bar says the roster is saved as revision n (the revision is in a span the narrow bar hides). */
export const savedAt = (n: number) =>
  waitFor(() => expect(document.querySelector('[class*="save-state_"]')?.textContent).toBe(`Saved (revision ${n})`), { timeout: 3000 })
