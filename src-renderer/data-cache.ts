// The renderer's one cache of what it asks the main process for and keeps: ruleset and army details,
// which change only when new rules data is in force. Values are kept as promises by key, so two
// screens asking at once share one call; `clear()` forgets them all and tells whoever listens, who
// asks again. Why not TanStack Query: docs/adr/0020-renderer-data-cache.md.

const entries = new Map<string, Promise<unknown>>()
const listeners = new Set<() => void>()
let generation = 0

/**
 * The value kept under `key`, else what `load()` answers, kept for the next ask. An answer `keep`
 * refuses (a failure said as a value) and a load that fails are not kept: the next ask tries again.
 */
export function cached<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  const had = entries.get(key)
  if (had) return had as Promise<T>
  let p: Promise<T>
  try {
    p = load()
  } catch (e) {
    p = Promise.reject(e)
  }
  entries.set(key, p)
  // Only this load's entry goes: one asked after a clear() meanwhile stays.
  const drop = () => {
    if (entries.get(key) === p) entries.delete(key)
  }
  p.then((v) => {
    if (!keep(v)) drop()
  }, drop)
  return p
}

/** Forgets every value kept; those listening ask again. */
export function clear(): void {
  entries.clear()
  generation++
  for (const listener of listeners) listener()
}

/** How many times the cache has been cleared: a value read under an older count may be out of date. */
export function cacheGeneration(): number {
  return generation
}

/** Calls `listener` after each clear(); returns the function that stops it (as useSyncExternalStore wants). */
export function onClear(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
