// Files the user picks in the window go to the main side as their bytes, so they are read there
// exactly as the CLI reads files from disk (UTF-8 only, strict JSON): File.text() would quietly
// replace bytes that are not UTF-8.
import type { UserFile } from '../src-main/ipc/contract'

/** Over this the main side refuses a file by its size alone, so its bytes are not sent. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024

export async function userFile(file: File, name = file.name): Promise<UserFile> {
  if (file.size > MAX_FILE_BYTES) return { name, base64: '', size: file.size }
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  const CHUNK = 0x8000 // String.fromCharCode takes its arguments on the stack: a chunk at a time
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  return { name, base64: btoa(binary) }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A small file's text, or an error in words when it is not UTF-8. */
export async function utf8Text(file: File): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  try {
    return { ok: true, text: utf8.decode(await file.arrayBuffer()) }
  } catch {
    return { ok: false, message: `${file.name}: not UTF-8 text; save the file as UTF-8 and try again` }
  }
}
