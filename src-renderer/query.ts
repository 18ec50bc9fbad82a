// The renderer's one query layer (TanStack Query): what it asks the main process for and keeps, keyed
// by the IPC channel and its arguments (['armyDetails', ruleset, army]). One QueryClient, this one,
// provided at the root (main.tsx) and passed to the hooks outright, so a component drawn without the
// root (a components test) shares it. Why a library after ADR 0020: docs/adr/0028-renderer-query-layer.md.
import { isCancelledError, QueryClient, type Query, type QueryKey } from '@tanstack/react-query'

/**
 * The "server" is the main process on this machine: what it answers changes at known moments (new
 * rules data in force, an edit), when what changed is invalidated; never by age, focus, reconnect, or
 * on a retry of a refusal. Kept until then (staleTime, gcTime Infinity), as the hand-made cache was.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, gcTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false }
  }
})

/** For a question whose answer changes elsewhere (the collection, the library): asked afresh each time it is shown or turned on, and not kept once unseen. */
export const askedAfresh = { staleTime: 0, gcTime: 0 } as const

/** An answer not to keep (a failure said as a value): thrown so the query keeps nothing, caught by `keptAnswer`. */
class NotKept extends Error {
  constructor(readonly answer: unknown) {
    super('not kept')
  }
}

/**
 * A query's function that keeps what `ask` answers unless `keep` refuses it: a refused answer and a
 * failed ask leave the query without data, so the next ask tries again.
 */
export function keeping<T>(ask: () => Promise<T>, keep: (value: T) => boolean = () => true): () => Promise<T> {
  return async () => {
    const value = await ask()
    if (!keep(value)) throw new NotKept(value)
    return value
  }
}

/** The value kept under `key`, else what `ask` answers (kept unless `keep` refuses it); two asks at once share one call. */
export async function keptAnswer<T>(key: QueryKey, ask: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
  try {
    return await queryClient.fetchQuery({ queryKey: key, queryFn: keeping(ask, keep) })
  } catch (e) {
    if (e instanceof NotKept) return e.answer as T
    // A load let go by forgetAll: asked again, afresh.
    if (isCancelledError(e)) return keptAnswer(key, ask, keep)
    throw e
  }
}

/** The answer a query holds for its hook: its data, or a refused answer's value; null while there is none. */
export function answerOf<T>(data: T | undefined, error: unknown): T | null {
  if (data !== undefined) return data
  return error instanceof NotKept ? (error.answer as T) : null
}

/**
 * New rules data in force: every answer kept is out of date. Those on screen are asked again (their
 * old values shown until the new ones are in), the others when next asked. A load under way is let
 * go and made again, so no one (an ask made before this or after) is answered with what it loads.
 */
export function forgetAll(): void {
  const loading = new Set(queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' }))
  void queryClient.invalidateQueries({ predicate: (q) => !loading.has(q) })
  if (loading.size === 0) return
  const forgotAt = Date.now()
  // Once let go, each is out of date too, unless asked afresh meanwhile.
  const outOfDate = (q: Query) => loading.has(q) && q.state.fetchStatus === 'idle' && q.state.dataUpdatedAt < forgotAt
  void queryClient.cancelQueries({ predicate: (q) => loading.has(q) }).then(() => queryClient.invalidateQueries({ predicate: outOfDate }))
}
