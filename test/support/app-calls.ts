// Calls through the app's dispatch (support/app-dispatch.ts) in a test: the answer or the refusal,
// typed, and a home folder of the test file's own for what the app keeps (settings, data, the
// Meshwesh catalogue).
import { join } from 'node:path'
import type { Channel, Result } from '../../src-main/ipc/contract'
import type { AppDispatch } from './app-dispatch'
import { tempFolders } from './tmp'

/** Temp folders named by `prefix`, and one of them made the app's home (MUSTER_HOME, MUSTER_MESHWESH, MUSTER_DATA). */
export function appHome(prefix: string) {
  const temp = tempFolders(prefix)
  const home = temp()
  const data = join(home, 'data')
  process.env.MUSTER_HOME = home
  process.env.MUSTER_MESHWESH = join(home, 'meshwesh')
  process.env.MUSTER_DATA = data
  return { temp, home, data }
}

/** `app` is read at each call: tests open it in beforeAll. */
export function appCalls(app: () => AppDispatch) {
  const call = async <T>(channel: Channel, ...args: unknown[]) => (await app().dispatch(channel, args)) as Result<T>
  /** The call's answer; a refusal fails the test with its words. */
  const ok = async <T>(channel: Channel, ...args: unknown[]): Promise<T> => {
    const r = await call<T>(channel, ...args)
    if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
    return r.value
  }
  /** The call's refusal: its code and words. */
  const refused = async (channel: Channel, ...args: unknown[]) => {
    const r = await call(channel, ...args)
    if (r.ok) throw new Error(`${channel} was not refused`)
    return r.error
  }
  return { call, ok, refused }
}
