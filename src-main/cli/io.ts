// Where a command writes: its data and messages (`out`) and its errors and warnings (`err`). run()
// (main.ts) wraps the process's streams so nothing unsafe reaches a terminal; tests pass their own.

export interface Io {
  out: (s: string) => void
  err: (s: string) => void
}

/** Standard output and standard error. */
export const processIo: Io = {
  out: (s) => {
    process.stdout.write(s)
  },
  err: (s) => {
    process.stderr.write(s)
  }
}

/** Writes nowhere: a command tree built only to be read (main.ts's commandPaths). */
export const quietIo: Io = { out: () => {}, err: () => {} }
