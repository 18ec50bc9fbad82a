// The IPC dispatch over a test library, for a test file: made before its tests, removed after them.
import { afterAll, beforeAll } from 'vitest'
import { createDispatch, mergeHandlers, rulesHandlers, type Dispatch } from '../../src-main/ipc/handlers'
import { bundledEngine } from './engine'
import { testLibrary } from './library'

/** One channel-for-channel dispatch (rules, library, event) over a test library made before a test file's tests and removed after them. */
export function testDispatch(): Dispatch {
  let made: { dispatch: Dispatch; dispose: () => void } | undefined
  beforeAll(async () => {
    const t = await testLibrary()
    made = { dispatch: createDispatch(mergeHandlers(rulesHandlers(bundledEngine()), t.handlers)), dispose: t.dispose }
  })
  afterAll(() => made?.dispose())
  return (channel, args) => made!.dispatch(channel, args)
}
