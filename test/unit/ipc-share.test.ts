// The IPC calls for sharing a list, through the real dispatch over a real SQLite library: a saved
// roster as plain text (with its PDF's check code) and as a share code, and a share code imported
// as a new roster; damaged codes refused as errors in players' words, never half a roster.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Channel, RevisionRow, RosterDocument, RosterRow } from '../../src-main/ipc/contract'
import { MAX_SHARE_CODE_LENGTH, encodeShareCode } from '../../src-main/share/code'
import { repoRoot } from '../support/engine'
import { testDispatch } from '../support/dispatch'

const dispatch = testDispatch()

const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', `${name}.muster.json`), 'utf8')) as RosterDocument

async function value<T>(channel: Channel, args: unknown[]): Promise<T> {
  const r = await dispatch(channel, args)
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
  return r.value as T
}

describe('IPC: sharing a list', () => {
  it('rosterText: the saved roster as text, with the check code its PDF prints', async () => {
    const row = await value<RosterRow>('createRoster', [example('triumph-legal')])
    const { text, checkCode } = await value<{ text: string; checkCode: string }>('rosterText', [row.id])
    const pdf = await value<{ checkCode: string }>('exportPdf', [row.id, 'roster', 'a4'])
    expect(checkCode).toBe(pdf.checkCode)
    expect(text).toMatch(new RegExp(`^Early Imperial Roman, 60 AD\\n[\\s\\S]*^Check code +${checkCode}$`, 'm'))
  })

  it('shareCode then importShareCode: a new roster, the same document and check code, imported as a file is', async () => {
    const original = await value<RosterRow>('createRoster', [example('wrg-mk2-legal')])
    const { code } = await value<{ code: string }>('shareCode', [original.id])
    expect(code).toMatch(/^MU1\./)
    const imported = await value<RosterRow>('importShareCode', [`Here:\n${code.match(/.{1,50}/g)!.join('\n')}\n`])
    expect(imported.id).not.toBe(original.id)
    expect(imported).toMatchObject({ name: original.name, ruleset: 'wrg-mk2', points: original.points, valid: true, revision: 1 })
    const a = await value<{ document: RosterDocument }>('getRoster', [original.id])
    const b = await value<{ document: RosterDocument }>('getRoster', [imported.id])
    // All but the file's `$schema` pointer, which the check code leaves out too.
    const { $schema: _schema, ...content } = a.document as RosterDocument & { $schema?: string }
    expect(b.document).toEqual(content)
    const [text1, text2] = await Promise.all([
      value<{ checkCode: string }>('rosterText', [original.id]),
      value<{ checkCode: string }>('rosterText', [imported.id])
    ])
    expect(text2.checkCode).toBe(text1.checkCode)
    expect((await value<RevisionRow[]>('listRevisions', [imported.id]))[0].message).toBe('imported from share code')
  })

  it('a damaged, newer or roster-less code is an error with code bad-share-code, and nothing is added', async () => {
    const { total } = await value<{ total: number }>('listRosters', [{}])
    const code = encodeShareCode(example('portable-ancients-legal'))
    expect(await dispatch('importShareCode', [code.slice(0, -5)])).toEqual({
      ok: false,
      error: { code: 'bad-share-code', message: 'This share code is damaged or incomplete: it may have been cut off when copied. Copy the whole code again.' }
    })
    expect(await dispatch('importShareCode', [code.replace('MU1', 'MU3')])).toMatchObject({
      ok: false,
      error: { code: 'bad-share-code', message: expect.stringContaining('newer version of Muster') }
    })
    expect(await dispatch('importShareCode', [''])).toMatchObject({
      ok: false,
      error: { code: 'bad-share-code', message: expect.stringMatching(/^There is no share code here/) }
    })
    expect(await dispatch('importShareCode', [encodeShareCode({ format: 'muster-roster', version: 1 })])).toMatchObject({
      ok: false,
      error: { code: 'bad-share-code', message: expect.stringMatching(/^This share code does not hold a Muster roster \(not a roster: .*'ruleset'/) }
    })
    expect((await value<{ total: number }>('listRosters', [{}])).total).toBe(total)
  })

  it("checks its arguments: a code past 200 KB (in players' words), past any file, a missing or unknown id", async () => {
    expect(await dispatch('importShareCode', ['A'.repeat(MAX_SHARE_CODE_LENGTH + 1)])).toMatchObject({
      ok: false,
      error: { code: 'bad-share-code', message: expect.stringMatching(/^This is too long to be a share code/) }
    })
    expect(await dispatch('importShareCode', ['A'.repeat(8 * 1024 * 1024)])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('importShareCode', [42])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('shareCode', [])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('rosterText', ['nope'])).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(await dispatch('shareCode', ['nope'])).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })
})
