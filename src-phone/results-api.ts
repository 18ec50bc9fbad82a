// The results page's two calls to Muster, under the page's own secret path: the round's tables, and a
// table's result. Muster's refusals come back as words, which the page shows as they are.
import type { ResultAnswer, ResultPost, ResultsTables } from '../src-shared/event-results'

const OUT_OF_REACH = "Muster is out of reach: check this phone is on the venue's network, then try again."

/** The page's folder (/<token>/), whatever the page was opened as. */
const here = (name: string) => new URL(name, window.location.href.split('#')[0]).href

const isTables = (v: unknown): v is ResultsTables =>
  typeof v === 'object' && v !== null && typeof (v as ResultsTables).event === 'string' && Array.isArray((v as ResultsTables).tables)

/** The round's tables, or why they cannot be read, in words. */
export async function readTables(): Promise<ResultsTables | { error: string }> {
  try {
    const r = await fetch(here('tables'), { cache: 'no-store' })
    const body: unknown = r.ok ? await r.json() : null
    if (isTables(body)) return body
    return { error: r.status === 404 ? 'Muster no longer serves these results: ask the organiser for the new link.' : OUT_OF_REACH }
  } catch {
    return { error: OUT_OF_REACH }
  }
}

/** A table's result sent: as Muster recorded it, or why not, in words. */
export async function sendResult(post: ResultPost): Promise<ResultAnswer> {
  try {
    const r = await fetch(here('result'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(post), cache: 'no-store' })
    const body = (r.headers.get('content-type')?.startsWith('application/json') ? await r.json() : null) as ResultAnswer | null
    if (body && (r.ok ? 'result' in body : typeof (body as { error?: unknown }).error === 'string')) return body
    return {
      error:
        r.status === 404
          ? 'Muster no longer serves these results: ask the organiser for the new link.'
          : 'Muster could not take the result just now: try again.'
    }
  } catch {
    return { error: OUT_OF_REACH }
  }
}
