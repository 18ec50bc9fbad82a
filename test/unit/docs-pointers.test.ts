// The README and the manuals point at the project's files: every such pointer must lead somewhere, so a
// file moved or cut up cannot leave the docs pointing at nothing (issue 42 §6). ADRs are records of a
// decision as it was taken, and are left as written.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/engine'

const docs = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
]
/** Top-level folders of the checkout whose paths the docs name in `code`. */
const FOLDERS = ['src-main', 'src-renderer', 'src-shared', 'src-phone', 'test', 'scripts', 'schemas', 'data', 'bench', 'examples', '.ci']

/** Paths in `code` spans under the checkout's folders, and relative links, that lead nowhere. */
function stalePointers(doc: string): string[] {
  const text = readFileSync(join(repoRoot, doc), 'utf8')
  const stale: string[] = []
  for (const [, code] of text.matchAll(/`([^`\s]+)`/g)) {
    const path = code.replace(/[:#].*$/, '').replace(/[),.;]+$/, '')
    if (!FOLDERS.some((f) => path.startsWith(`${f}/`)) || /[*<>{}]/.test(path)) continue
    if (!existsSync(join(repoRoot, path))) stale.push(path)
  }
  for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const path = link.replace(/#.*$/, '')
    if (!path || /^[a-z]+:/.test(path)) continue
    if (!existsSync(join(repoRoot, dirname(doc), path))) stale.push(link)
  }
  return stale
}

describe('the docs point at files that exist', () => {
  it.each(docs)('%s', (doc) => {
    expect(stalePointers(doc)).toEqual([])
  })
})
