// The faults a test sets on the stand-in Meshwesh server (meshwesh-server.ts), and how a request's
// path finds them: by the path with its query, then (for a request without a query) `path?`, then
// the path alone.

export interface Faults {
  status: Map<string, number> // path (e.g. '/armyLists/<id>') -> status to answer (500, 503...) with a JSON error body; kept until deleted
  failTimes: Map<string, number> // path -> answer 500 this many times, then normally (the entry is deleted when it reaches 0)
  delayMs: Map<string, number> // path -> extra delay (for time-out tests)
  hang: Set<string> // path -> never answer (until close)
  truncate: Set<string> // path -> a 200 with the JSON body cut in half (Content-Length of the half), then the connection closes
  notModified: Set<string> // path -> a bare 304 Not Modified, whatever the request asked (a broken cache in front of the server)
  waitFor: Map<string, Promise<unknown>> // path -> answer only once the promise settles (a gate the test opens)
  redirect: Map<string, string> // path -> a 302 to this Location (absolute, or relative to the request)
}

export function noFaults(): Faults {
  return {
    status: new Map(),
    failTimes: new Map(),
    delayMs: new Map(),
    hang: new Set(),
    truncate: new Set(),
    notModified: new Set(),
    waitFor: new Map(),
    redirect: new Map()
  }
}

/** The fault lookups of one request (`key` is its path and query): each reads the faults as they are when called. */
export function faultsFor(faults: Faults, key: string) {
  const q = key.indexOf('?')
  const path = q < 0 ? key : key.slice(0, q)
  const find = <T>(has: (k: string) => boolean, get: (k: string) => T): [string, T] | undefined => {
    if (has(key)) return [key, get(key)]
    if (q < 0 && has(`${path}?`)) return [`${path}?`, get(`${path}?`)]
    if (has(path)) return [path, get(path)]
    return undefined
  }
  return {
    /** Whether the path is in one of the sets (hang, truncate, notModified). */
    isIn: (set: Set<string>): boolean =>
      !!find(
        (k) => set.has(k),
        () => true
      ),
    /** The entry of one of the maps, with the key it was found under. */
    entry: <T>(map: Map<string, T>): [string, T] | undefined =>
      find(
        (k) => map.has(k),
        (k) => map.get(k)!
      ),
    /** The failTimes entry still counting down. */
    failing: (): [string, number] | undefined =>
      find(
        (k) => (faults.failTimes.get(k) ?? 0) > 0,
        (k) => faults.failTimes.get(k)!
      )
  }
}
