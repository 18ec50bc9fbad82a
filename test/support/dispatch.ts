// The IPC dispatch over a test library, for a test file: made before its tests, removed after them.
import { afterAll, beforeAll } from 'vitest'
import type { Dispatch } from '../../src-main/ipc/handlers'
import { testLibrary, type TestLibrary } from './library'

/** The app's dispatch (support/library.ts) over a test library made before a test file's tests and removed after them. */
export function testDispatch(): Dispatch {
  let made: TestLibrary | undefined
  beforeAll(async () => {
    made = await testLibrary()
  })
  afterAll(() => made?.dispose())
  return (channel, args) => made!.dispatch(channel, args)
}
