// Files through the main process: the renderer asks, main shows the native dialog and reads or
// writes. A PDF the window previews is kept here (PdfShelf), so Save writes exactly the bytes shown,
// through the save dialog and the atomic writer; no file's content crosses IPC as text or base64.
// Electron's dialogs come in as a FileDialogs (electron/file-dialogs.ts); tests pass a fake.
import { randomBytes } from '../files/node-crypto'
import { writeErrorText, writeFileAtomic } from '../files/write-file'
import type { MusterHandlers } from './contract'
import { CodedError } from '../../src-shared/coded-error'

/** What a native file dialog is asked. */
export interface DialogFilter {
  name: string
  extensions: string[]
}
export interface OpenOptions {
  title: string
  filters: DialogFilter[]
  /** Several files (true), or one. */
  multiple: boolean
  /** A folder is chosen, not files (the caller reads the files in it). */
  folders?: boolean
}
export interface SaveOptions {
  title: string
  /** The file name offered. */
  defaultName: string
  filters: DialogFilter[]
}

/** The native open and save dialogs: the paths chosen, or null when the player cancelled. */
export interface FileDialogs {
  open(options: OpenOptions): Promise<string[] | null>
  save(options: SaveOptions): Promise<string | null>
}

/** A refusal written for the player: the dispatch passes its code and words on as they are. */
export class FileError extends CodedError<'not-found' | 'write-failed'> {
  override name = 'FileError'
}

/** The PDFs made last (the print preview's, the list book's), by key: what Save writes. */
export class PdfShelf {
  private readonly kept = new Map<string, { fileName: string; bytes: Uint8Array }>()
  constructor(private readonly capacity = 8) {}

  /** Keeps a PDF (forgetting the oldest beyond the capacity); its key. */
  put(fileName: string, bytes: Uint8Array): string {
    const key = randomBytes(12).toString('hex')
    this.kept.set(key, { fileName, bytes })
    while (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value as string)
    return key
  }

  get(key: string): { fileName: string; bytes: Uint8Array } | undefined {
    return this.kept.get(key)
  }
}

/** A PDF as the renderer gets it: its bytes (binary over IPC), its name and the key Save takes. */
export function shelved(shelf: PdfShelf, fileName: string, bytes: Uint8Array): { fileName: string; pdf: Uint8Array; key: string } {
  // A plain Uint8Array (not a Buffer over a shared pool): IPC and the structured clone carry exactly these bytes.
  const pdf = new Uint8Array(bytes)
  return { fileName, pdf, key: shelf.put(fileName, pdf) }
}

export function fileHandlers(dialogs: FileDialogs, shelf: PdfShelf): Pick<MusterHandlers, 'savePdf'> {
  return {
    savePdf: async (key, fileName) => {
      const kept = shelf.get(key)
      if (!kept) throw new FileError('not-found', 'That PDF is no longer at hand: make it again, then save')
      const path = await dialogs.save({ title: 'Save PDF', defaultName: fileName ?? kept.fileName, filters: [{ name: 'PDF', extensions: ['pdf'] }] })
      if (path === null) return { saved: false }
      try {
        writeFileAtomic(path, kept.bytes)
      } catch (e) {
        throw new FileError('write-failed', `${path}: ${writeErrorText(e as NodeJS.ErrnoException)}`)
      }
      return { saved: true, path }
    }
  }
}
