// The error of one kind a call throws, for tests that read its code and words: any other error is
// thrown on, and a call that does not throw fails the test, saying what it was given.

/** The `Kind` error `act` throws; `what` names the input in the failure if it throws none. */
export function thrownBy<E extends Error>(Kind: abstract new (...args: never[]) => E, act: () => unknown, what: string): E {
  try {
    act()
  } catch (e) {
    if (e instanceof Kind) return e
    throw e
  }
  throw new Error(`threw no ${Kind.name} (it ran to the end): ${what}`)
}
