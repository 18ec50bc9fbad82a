// What goes wrong with the roster library, in words: a LibraryError carries a code the app can act
// on ('busy' is worth retrying; the others need the user).
import { CodedError } from '../../src-shared/coded-error'

export class LibraryError extends CodedError<LibraryErrorCode> {
  override name = 'LibraryError'
}

export type LibraryErrorCode = 'not-sqlite' | 'not-muster' | 'too-new' | 'edited-migration' | 'damaged' | 'cannot-open' | 'busy' | 'cannot-write' | 'replaced'

/** The library's file was moved away or deleted ('moved'), or another file put in its place ('replaced'), while it was open. */
export class ReplacedError extends LibraryError {
  constructor(
    readonly path: string,
    readonly how: 'moved' | 'replaced',
    message = `the library file ${path} was ${how === 'moved' ? 'moved or deleted' : 'replaced by another file'} while Muster had it open (a sync tool such as Dropbox or OneDrive, or another program, did it): this change was not saved, and nothing more will be written to it. Keep the library out of synced folders, and copy it with a backup ('muster library backup').`
  ) {
    super('replaced', message)
  }
}

/**
 * SQLite's own failures of a write, in words and with a code the app can act on ('busy' is worth
 * retrying; the others need the user). Anything else is passed on as it is.
 */
export function inWords(e: unknown): unknown {
  const code = String((e as { code?: unknown }).code ?? '')
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return new LibraryError('busy', 'the library is busy: another program (the muster command, or another Muster window) is writing to it')
  if (code.startsWith('SQLITE_FULL'))
    return new LibraryError('cannot-write', 'the disk holding the library is full: nothing was saved; free some space and try again')
  if (code.startsWith('SQLITE_READONLY')) return new LibraryError('cannot-write', READ_ONLY)
  if (code.startsWith('SQLITE_IOERR'))
    return new LibraryError('cannot-write', 'the library could not be written (the disk reported an error, or it is full): nothing was saved')
  if (isSqliteCorruption(e))
    return new LibraryError(
      'damaged',
      'the library file is damaged: nothing was saved. Restore it from a backup (Muster writes one beside it before every upgrade).'
    )
  return e
}

export const READ_ONLY = 'the library cannot be written (it, or its folder, is read-only): nothing was saved'

export const damaged = (path: string, e: unknown) =>
  new LibraryError(
    'damaged',
    `${path} is damaged and cannot be read (${(e as Error).message}); it was left untouched. Restore it from a backup (Muster writes one beside it before every upgrade).`
  )

export function isSqliteCorruption(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? ''
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB'
}

/** The SQLite module itself could not load: missing, or built for another Node or Electron. */
export function isBindingFailure(e: unknown): boolean {
  const code = (e as { code?: unknown }).code
  const message = (e as Error).message ?? ''
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_DLOPEN_FAILED' || /NODE_MODULE_VERSION|Cannot find module|invalid ELF|not a valid Win32/.test(message)
}

export function bindingError(binding: string, e: unknown): LibraryError {
  const missing = (e as { code?: unknown }).code === 'MODULE_NOT_FOUND' || /Cannot find module/.test((e as Error).message ?? '')
  return new LibraryError(
    'cannot-open',
    missing
      ? `Muster's SQLite module for this version of Electron is missing (${binding}). In a checkout, run "npm start" again: it downloads or builds it; an installed Muster needs reinstalling.`
      : `Muster's SQLite module (${binding}) was built for another version of Electron or Node (${(e as Error).message.split('\n')[0]}). In a checkout, delete it and run "npm start" again; an installed Muster needs reinstalling.`
  )
}
