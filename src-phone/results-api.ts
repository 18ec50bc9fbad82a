// The results page's three calls to Muster, under the page's own secret path: the round's tables, a
// table's PIN checked, and a table's result. Muster's refusals come back as words, which the page shows
// as they are; an event Muster no longer runs (410) comes back marked `gone`, so the page stops asking.
import { NO_LONGER_RUN, type PinPost, type ResultAnswer, type ResultPost, type ResultsTables } from '../src-shared/event-results'

/** Why a call came back without what it asked for, in words; `gone`: the event is no longer run here. */
export type Unread = { error: string; gone?: true }

const OUT_OF_REACH = "Muster is out of reach: check this phone is on the venue's network, then try again."
const NEW_LINK = 'Muster no longer serves these results: ask the organiser for the new link.'
const GONE: Unread = { error: `${NO_LONGER_RUN.charAt(0).toUpperCase()}${NO_LONGER_RUN.slice(1)}: the organiser deleted it in Muster.`, gone: true }

/** The page's folder (/<token>/), whatever the page was opened as. */
const here = (name: string) => new URL(name, window.location.href.split('#')[0]).href

const isTables = (v: unknown): v is ResultsTables =>
  typeof v === 'object' && v !== null && typeof (v as ResultsTables).event === 'string' && Array.isArray((v as ResultsTables).tables)

/** What an answer that is not the one asked for says: Muster's own words when it gave some. */
function notTaken(status: number, body: unknown): Unread {
  if (status === 410) return GONE
  if (status === 404) return { error: NEW_LINK }
  const words = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined
  return { error: typeof words === 'string' ? words : 'Muster could not take it just now: try again.' }
}

const readJson = async (r: Response): Promise<unknown> => (r.headers.get('content-type')?.startsWith('application/json') ? await r.json() : null)

/** The round's tables, or why they cannot be read, in words. */
export async function readTables(): Promise<ResultsTables | Unread> {
  try {
    const r = await fetch(here('tables'), { cache: 'no-store' })
    const body = await readJson(r)
    if (r.ok && isTables(body)) return body
    return r.status === 410 || r.status === 404 ? notTaken(r.status, body) : { error: OUT_OF_REACH }
  } catch {
    return { error: OUT_OF_REACH }
  }
}

async function post(name: string, value: unknown): Promise<{ ok: true; body: unknown } | Unread> {
  try {
    const r = await fetch(here(name), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value), cache: 'no-store' })
    const body = await readJson(r)
    return r.ok && body !== null ? { ok: true, body } : notTaken(r.status, body)
  } catch {
    return { error: OUT_OF_REACH }
  }
}

/** A table's PIN checked: null when Muster takes it, else why not, in words. */
export async function checkPin(pin: PinPost): Promise<Unread | null> {
  const done = await post('pin', pin)
  return 'error' in done ? done : null
}

/** A table's result sent: as Muster recorded it, or why not, in words. */
export async function sendResult(result: ResultPost): Promise<Exclude<ResultAnswer, { error: string }> | Unread> {
  const done = await post('result', result)
  if ('error' in done) return done
  const body = done.body as ResultAnswer
  return 'result' in body ? body : { error: 'Muster could not take the result just now: try again.' }
}
