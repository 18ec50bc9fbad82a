// The one file the window still reads itself: an event profile it loads into its form (a small JSON
// file that never goes to the main process as such). Roster files, submissions and reports are read
// by the main process (importRosterFiles, pickEventFiles); nothing crosses IPC as base64.

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A small file's text, or an error in words when it is not UTF-8. */
export async function utf8Text(file: File): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  try {
    return { ok: true, text: utf8.decode(await file.arrayBuffer()) }
  } catch {
    return { ok: false, message: `${file.name}: not UTF-8 text; save the file as UTF-8 and try again` }
  }
}
