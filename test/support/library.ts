// A real library file in a temp folder, with the main process's IPC handlers over it.
import { mkdtempSync, rmSync } from 'node:fs'
import { afterAll, beforeAll } from 'vitest'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDispatch, rulesHandlers, type Dispatch } from '../../src-main/ipc/handlers'
import { libraryHandlers } from '../../src-main/ipc/library-handlers'
import { eventHandlers } from '../../src-main/ipc/event-handlers'
import { sampleHandlers } from '../../src-main/ipc/sample-handlers'
import { createAjv } from '../../src-main/rules/schemas'
import { openLibrary, type Library } from '../../src-main/store'
import { bundledEngine } from './engine'

export async function testLibrary(opts: { busyTimeoutMs?: number } = {}): Promise<{ lib: Library; handlers: ReturnType<typeof libraryHandlers> & ReturnType<typeof eventHandlers> & ReturnType<typeof sampleHandlers>; dispose: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-ipc-'))
  const lib = await openLibrary(join(dir, 'library.sqlite'), opts)
  return {
    lib,
    handlers: { ...libraryHandlers(lib.db, bundledEngine(), createAjv()), ...eventHandlers(bundledEngine(), createAjv()), ...sampleHandlers(lib.db, bundledEngine(), createAjv()) },
    dispose: () => {
      lib.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** One channel-for-channel dispatch (rules, library, event) over a test library made before a test file's tests and removed after them. */
export function testDispatch(): Dispatch {
  let made: { dispatch: Dispatch; dispose: () => void } | undefined
  beforeAll(async () => {
    const t = await testLibrary()
    made = { dispatch: createDispatch({ ...rulesHandlers(bundledEngine()), ...t.handlers }), dispose: t.dispose }
  })
  afterAll(() => made?.dispose())
  return (channel, args) => made!.dispatch(channel, args)
}
