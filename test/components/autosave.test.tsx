// @vitest-environment jsdom
// Finding 1 of issue 10, in the app: an edit whose save fails (another process holds the library's
// write lock past the busy timeout) is shown as not saved yet and retried until it is saved, and
// leaving the editor waits for it: the user is told and stays until it is saved, or leaves knowing.
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../src-renderer/App'
import { useEditor } from '../../src-renderer/state/editor'
import { flushSaves } from '../../src-renderer/state/autosave'
import { getDocument, type Library } from '../../src-main/store'
import { installBridge, roman } from './setup'

configure({ asyncUtilTimeout: 15_000 })

let dispose: () => void
let handlers: Awaited<ReturnType<typeof installBridge>>['handlers']
let library: Library
let releaseLock: (() => void) | undefined

beforeEach(async () => {
  // A short busy timeout: the test's own lock (same thread) would otherwise hold each save 5 s.
  ;({ dispose, handlers, library } = await installBridge({ busyTimeoutMs: 20 }))
  Element.prototype.scrollIntoView = () => undefined
  localStorage.clear()
})
afterEach(async () => {
  releaseLock?.()
  releaseLock = undefined
  cleanup()
  await flushSaves()
  useEditor.getState().close()
  dispose()
})

/** Another connection (as another process would) holding the write lock until released. */
function holdLock(): () => void {
  const other = new Database(library.path)
  other.exec('BEGIN IMMEDIATE')
  releaseLock = () => {
    other.exec('COMMIT')
    other.close()
    releaseLock = undefined
  }
  return releaseLock
}

async function openInApp(): Promise<string> {
  const { id } = await handlers.createRoster(roman('Held up'))
  localStorage.setItem('muster.lastRoster', id)
  render(<App />)
  await screen.findByRole('listitem', { name: 'Unit 2, Heavy infantry' })
  return id
}

const more = () =>
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
const count = (id: string) => (getDocument(library.db, id).units as Array<{ count: number }>)[1].count

describe('autosave when the library is busy', () => {
  it('shows "not saved yet", retries, and saves the edit once the lock is gone', async () => {
    const id = await openInApp()
    const release = holdLock()
    more()
    await waitFor(() => expect(document.querySelector('[class*="save-state_"]')?.textContent).toMatch(/^Not saved yet. Retrying…$/))
    expect(count(id)).toBe(30)
    release()
    await waitFor(() => expect(document.querySelector('[class*="save-state_"]')?.textContent).toMatch(/^Saved \(revision 2\)$/))
    expect(count(id)).toBe(31)
  })

  it('leaving the editor waits for the save; while it cannot be saved the user stays, told why', async () => {
    const id = await openInApp()
    const release = holdLock()
    more()
    more()
    fireEvent.click(screen.getByRole('button', { name: /Library$/, description: 'Back to the library' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/Your last change is not saved yet: the library is busy: another program .* is writing to it. Muster keeps trying/)
    expect(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).toBeTruthy() // still in the editor
    release()
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Unit 2, Heavy infantry' })).toBeNull())
    expect(count(id)).toBe(32)
  })

  it('"Leave anyway", then reopening the roster: the edit still being retried is what opens, and nothing is lost', async () => {
    const id = await openInApp()
    const release = holdLock()
    more()
    fireEvent.click(screen.getByRole('button', { name: /Library$/, description: 'Back to the library' }))
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Leave anyway' }))
    const row = await screen.findByRole('row', { name: /Held up/ })
    expect(count(id)).toBe(30) // not saved yet: the lock is still held
    expect(within(row).getByText('last change not saved yet')).toBeTruthy()
    fireEvent.click(within(row).getByRole('button', { name: 'Open Held up' }))
    await screen.findByRole('listitem', { name: 'Unit 2, Heavy infantry' })
    expect((within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('spinbutton') as HTMLInputElement).value).toBe('31')
    release()
    more()
    await waitFor(() => expect(document.querySelector('[class*="save-state_"]')?.textContent).toMatch(/^Saved \(revision \d+\)$/))
    expect(count(id)).toBe(32)
  })

  it('closing the window with an unsaved edit holds the close and says why, with Close anyway', async () => {
    await openInApp()
    holdLock()
    more()
    const event = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/not saved yet: the library is busy/)
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined)
    try {
      // once the library is free, Try again saves and then closes
      releaseLock?.()
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(close).toHaveBeenCalledTimes(1))
      expect(count(useEditor.getState().id!)).toBe(31)
    } finally {
      close.mockRestore()
    }
  })

  it('"Close anyway" closes with the edit unsaved when the user says so', async () => {
    await openInApp()
    holdLock()
    more()
    window.dispatchEvent(new Event('beforeunload', { cancelable: true }))
    const alert = await screen.findByRole('alert')
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined)
    try {
      fireEvent.click(within(alert).getByRole('button', { name: 'Close anyway' }))
      await waitFor(() => expect(close).toHaveBeenCalledTimes(1))
    } finally {
      close.mockRestore()
    }
  })

  it('leaving right after an edit waits for its save, then goes, and the last edit is in the library', async () => {
    const id = await openInApp()
    more()
    fireEvent.click(screen.getByRole('button', { name: /Library$/, description: 'Back to the library' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Unit 2, Heavy infantry' })).toBeNull())
    expect(count(id)).toBe(31)
  })
})
