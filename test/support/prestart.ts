// How tests run `npm start`'s prestart (scripts/electron-native.ts): node + tsx, as npm runs it.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { repoRoot } from './engine'

const tsxCli = createRequire(join(repoRoot, 'package.json')).resolve('tsx/cli')

/** node's arguments to run the prestart with these arguments. */
export function prestartArgs(args: string[]): string[] {
  return [tsxCli, join(repoRoot, 'scripts', 'electron-native.ts'), ...args]
}

/** The lines a run printed, without npm's own config warnings. */
export function printed(text: string): string[] {
  return text.split('\n').filter((l) => l && !l.startsWith('npm warn'))
}
