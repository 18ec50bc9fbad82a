// No developer words reach a player (issue 24, item 4). In every ruleset a roster is made in the app
// from the list's minimums; then every string a player reads of it is collected and scanned
// (test/support/developer-words.ts): the editor (compact and detailed, drop-downs included), the
// army view, the text export, the three PDFs read back with pdftotext, and the event check's report
// of the same roster and of a broken one.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { rosterText } from '../../src-main/export'
import type { RosterDocument } from '../../src-main/ipc/contract'
import { describeInBrowser, newRoster, openArmy, waitForStatus, withPage } from '../support/app'
import { developerWords } from '../support/developer-words'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'

const engine = bundledEngine()
const rulesets = [...engine.registry.rulesets.values()].map((r) => r.ruleset)
const tmp = tempFolders('muster-words-')
/** A submitted file: written to a temp folder, sent by its path (the main process reads it). */
const file = (name: string, doc: unknown) => {
  const path = join(tmp(), name)
  writeFileSync(path, JSON.stringify(doc))
  return { name, path }
}

const cases = [
  { ruleset: /^Triumph!/, id: 'triumph', army: 'Early Imperial Roman' },
  { ruleset: /WRG Ancient Wargames Rules \(1969\)/, id: 'wrg-1969', army: 'Carthaginian' },
  { ruleset: /Mark 2/, id: 'wrg-mk2', army: 'Achaemenid Persian', limit: '800' },
  { ruleset: /Commands & Colors/, id: 'cca-miniatures', army: 'Celtic', limit: '60' },
  { ruleset: /Portable Wargame/, id: 'portable-ancients', army: 'Celtic', limit: '40' }
] as const

describeInBrowser('what a player reads, in every ruleset, has no developer words', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) =>
    withPage('light', {}, async (page, app) => {
      await newRoster(page, c.ruleset, c.army, { minimums: true, ...('limit' in c ? { limit: c.limit } : {}) })
      await waitForStatus(page, 'Legal')
      const seen: Array<[string, string]> = []
      const main = () => page.locator('main').innerText()
      seen.push(['editor, compact', await main()])
      await page.getByRole('radio', { name: 'Detailed' }).check()
      seen.push(['editor, detailed', await main()])
      // the drop-downs' choices, which innerText leaves out
      seen.push(['drop-downs', (await page.locator('select option').allInnerTexts()).join('\n')])

      const row = (await app.handlers.listRosters({ limit: 1 })).rows[0]
      const doc = (await app.handlers.getRoster(row.id)).document as RosterDocument
      seen.push(['text export', rosterText(engine, doc).text])
      for (const kind of ['roster', 'cards', 'qrs'] as const) {
        const pdf = await app.handlers.exportPdf(row.id, kind, 'a4')
        const path = join(tmp(), `${kind}.pdf`)
        writeFileSync(path, pdf.pdf)
        seen.push([`${kind} PDF`, execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })])
      }
      const event = { format: 'muster-event', version: 1, name: 'Club night', ruleset: c.id }
      const broken = { ...doc, year: 2500, pointsLimit: 'lots', units: [...doc.units, { troop: doc.units[0].troop, count: 0 }] }
      const checked = await app.handlers.checkEventFiles(event, [file('player.muster.json', doc), file('broken.muster.json', broken)])
      seen.push(['event report', checked.html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ')])
      // A resubmission against that report (issue 39): another year, a unit's option left to Muster,
      // a flag and a card changed; what changed is said in the data's words, never by ids.
      const withOption = doc.units.findIndex((u) => typeof u.option === 'string')
      const flagged = doc.units.findIndex((u, i) => i !== withOption && Object.values(u).includes(true))
      const resubmitted = {
        ...doc,
        ...(typeof doc.year === 'number' ? { year: doc.year + 1 } : {}),
        units: doc.units.map((u, i) => {
          if (i === withOption) return { ...u, option: undefined }
          // a role or flag turned off (the general): said by its label, yes or no
          const flag = i === flagged ? Object.keys(u).find((k) => u[k] === true) : undefined
          return flag ? { ...u, [flag]: false } : u
        }),
        ...(c.id === 'triumph' ? { battleCards: [{ card: 'HL', option: 'legionaries', count: 2 }] } : {})
      }
      const previous = file('round1.json', checked.report)
      const again = await app.handlers.checkEventFiles(event, [file('player.muster.json', resubmitted)], previous)
      const changes = again.report.rows[0].resubmission?.changes ?? []
      expect(changes.length, 'changes').toBeGreaterThan(0)
      if (withOption >= 0) expect(changes.join('\n')).not.toMatch(new RegExp(`\\b${doc.units[withOption].option}\\b`))
      seen.push(['resubmission', changes.join('\n')])
      seen.push(['resubmission report', again.html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ')])

      await openArmy(page, c.ruleset, c.army)
      seen.push(['army view', await page.locator('[class*="army-view_"]').innerText()])

      // Every face was read (a blank one would pass for the wrong reason), the broken roster's issues among them.
      for (const [where, text] of seen) expect(text.trim().length, where).toBeGreaterThan(40)
      expect(seen.find(([where]) => where === 'event report')![1]).toMatch(/the year must be 2000 AD or earlier/)
      const findings = seen.flatMap(([where, text]) => developerWords(text, rulesets).map((f) => `${where}: ${f.kind}: …${f.text}…`))
      expect(findings).toEqual([])
    })
  )
})
