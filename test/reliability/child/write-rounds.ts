// The loop the children writing through the app's handlers share: one write a round, a few
// milliseconds apart so that the other processes' writes fall between, each failure kept in words
// for the test to show (a writer beside others may be refused, never crash).

/** Runs `write(n)` for n = 1 to `rounds`, `gapMs` apart; the messages of the writes that threw. */
export async function writeRounds(rounds: number, gapMs: number, write: (n: number) => Promise<void>): Promise<string[]> {
  const failures: string[] = []
  for (let n = 1; n <= rounds; n++) {
    try {
      await write(n)
    } catch (e) {
      failures.push((e as Error).message)
    }
    await new Promise((r) => setTimeout(r, gapMs))
  }
  return failures
}
