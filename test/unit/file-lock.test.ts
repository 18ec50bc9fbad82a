// The Meshwesh sync's lock (store/file-lock.ts) opens its file with the better-sqlite3 build it is
// told to use: the app's own Electron build, as its library is (npm's build cannot load in Electron).
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tryLock, useNativeBinding } from '../../src-main/store/file-lock'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-file-lock-')
afterEach(() => useNativeBinding(undefined))

describe('the file lock', () => {
  it('is taken once, refused to a second taker until let go', () => {
    const file = join(tmp(), 'sync.lock.db')
    const first = tryLock(file)
    expect(first).not.toBeNull()
    expect(tryLock(file)).toBeNull()
    first!.release()
    const again = tryLock(file)
    expect(again).not.toBeNull()
    again!.release()
  })

  it("opens its file with the build the app gives it (the app's Electron build of better-sqlite3)", () => {
    useNativeBinding(join(tmp(), 'no-such-build.node'))
    expect(() => tryLock(join(tmp(), 'sync.lock.db'))).toThrow(/no-such-build\.node/)
  })
})
