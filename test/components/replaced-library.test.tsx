// @vitest-environment jsdom
// Issue 26, finding 2, in the app: the library file replaced under Muster (a sync tool moved another
// library over it). The edit the library refused is not lost: the editor says how to keep it, and
// Export writes the roster as it is on screen, that edit included, to a file, where it used to refuse
// ("could not be saved") and leave closing Muster, which loses the edit, as the only way on.
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../src-renderer/App'
import { useEditor } from '../../src-renderer/state/editor'
import { flushSaves, KEEP_IT } from '../../src-renderer/state/autosave'
import type { Library } from '../../src-main/store'
import { installBridge, roman } from './setup'
import { tempFolders } from '../support/tmp'
import { writeLibraryFile } from '../support/library'

configure({ asyncUtilTimeout: 15_000 })

const tmp = tempFolders('muster-replaced-app-')
let dispose: () => void
let handlers: Awaited<ReturnType<typeof installBridge>>['handlers']
let library: Library

beforeEach(async () => {
  ;({ dispose, handlers, library } = await installBridge({ busyTimeoutMs: 20 }))
  Element.prototype.scrollIntoView = () => undefined
  localStorage.clear()
})
afterEach(async () => {
  cleanup()
  await flushSaves()
  useEditor.getState().close()
  dispose()
  vi.restoreAllMocks()
})

describe('the library file replaced while the app edits a roster', () => {
  it('the editor says the change is not saved and how to keep it; Export writes the roster as it is on screen, with that change', async () => {
    const { id } = await handlers.createRoster(roman('Held up'))
    localStorage.setItem('muster.lastRoster', id)
    render(<App />)
    await screen.findByRole('listitem', { name: 'Unit 2, Heavy infantry' })

    const other = join(tmp(), 'other.sqlite')
    await writeLibraryFile(other, [roman('Another library')])
    renameSync(other, library.path)

    fireEvent.click(within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
    await waitFor(() => expect(document.querySelector('[class*="save-state_"]')?.textContent).toBe('Not saved'))
    const said = document.querySelector('[class*="save-state_"]')!.getAttribute('title')!
    expect(said).toContain('was replaced by another file while Muster had it open')
    expect(said).toContain(KEEP_IT)
    expect(said).not.toMatch(/Close Muster and open it again/)

    const blobs: Blob[] = []
    URL.createObjectURL = (b: Blob) => (blobs.push(b), 'blob:roster')
    URL.revokeObjectURL = () => undefined
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined)
    fireEvent.click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(blobs).toHaveLength(1))
    expect(confirm.mock.calls[0][0]).toMatch(
      /^Your last change could not be saved: the library file .*\n\nExport the roster as it is on screen, with that change, to a file\?$/s
    )
    expect(alert).not.toHaveBeenCalled()
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as string)
      reader.readAsText(blobs[0])
    })
    const exported = JSON.parse(text) as { name: string; units: Array<{ count: number }> }
    expect(exported.name).toBe('Held up')
    expect(exported.units[1].count).toBe(31)
  })
})
