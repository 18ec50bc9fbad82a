// A change's message (a notice, a status, a report) comes with the list or table that shows the change.
/**
 * What a change did, said once the list that shows it is drawn again (never beside the old rows), and
 * said even if drawing it again fails.
 */
export async function sayOnceShown(reshow: () => Promise<unknown>, say: () => void): Promise<void> {
  try {
    await reshow()
  } finally {
    say()
  }
}
