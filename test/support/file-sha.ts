// A file's bytes by their SHA-256: a test's proof that something left a file untouched.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

export const fileSha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex')
