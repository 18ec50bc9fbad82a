// Issue 26, the second review of finding 7 and the renderer's bundle (findings 6, 7 and 12). Names
// drawn alike in plain ASCII ("MaIlory" with a capital I, "Mal1ory", "Mallory") counted as three
// players with no word to the organiser: the one-player key leaves ASCII as typed (Amie and Arnie are
// two players), so a full confusables skeleton now warns, never refuses. A camp change named the
// garrison by its id ("garrisoned by ulm3k9x0" for the app's rosters). The renderer bundled
// Unicode's confusables table because players.ts, which it imports to show names, compared them too.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkEvent, type EventReport } from '../../src-main/event/check-event'
import { compareWithPrevious, rosterChanges } from '../../src-main/event/resubmission'
import { lookAlikeKeys, samePlayer } from '../../src-shared/player-keys'
import { bundledEngine, repoRoot } from '../support/engine'
import { checked, legal, openEvent } from '../support/fixtures-open-event'
import { LOOKALIKE_NAMES } from '../support/lookalike-names'

const engine = bundledEngine()
const event = openEvent
const codes = (report: EventReport) =>
  report.rows.map((r) => r.issues.filter((i) => i.rule === 'event/one-roster-per-player').map((i) => `${i.code} ${i.severity}`))
const alike = (a: string, b: string) => lookAlikeKeys(a).some((k) => lookAlikeKeys(b).includes(k))

describe('names drawn alike in plain ASCII are a warning, not one player (finding 6)', () => {
  it('"MaIlory" (a capital I), "Mal1ory" and "Mallory": three players, each warned, every roster legal', () => {
    const report = checked(['Mallory', 'MaIlory', 'Mal1ory'])
    expect(report.summary.players).toBe(3)
    expect(report.summary.legal).toBe(3)
    expect(codes(report)).toEqual([['event-lookalike-player warning'], ['event-lookalike-player warning'], ['event-lookalike-player warning']])
    const warning = (i: number) => report.rows[i].issues.find((x) => x.code === 'event-lookalike-player')!
    expect(warning(1)).toMatchObject({ path: '/player', rule: 'event/one-roster-per-player' })
    expect(warning(1).message).toBe(
      "MaIlory looks like the same player as 'Mallory' (file p0.muster.json), 'Mal1ory' (file p2.muster.json): check they are different players."
    )
    const two = checked(['MaIlory', 'Mallory'])
    expect(two.rows[0].issues.find((x) => x.code === 'event-lookalike-player')?.message).toBe(
      "MaIlory looks like the same player as 'Mallory' (file p1.muster.json): check they are two players."
    )
    expect(two.rows[1].issues.find((x) => x.code === 'event-lookalike-player')?.message).toBe(
      "Mallory looks like the same player as 'MaIlory' (file p0.muster.json): check they are two players."
    )
  })

  it('one player who sent two rosters is the error alone; a look-alike of them is warned once, naming the player once', () => {
    // "Маllory" (a Cyrillic М) is Mallory: one roster per player. "MaIlory" only looks like them.
    const report = checked(['Mallory', '\u041callory', 'MaIlory'])
    expect(report.summary.players).toBe(2)
    expect(codes(report)).toEqual([
      ['event-duplicate-player error', 'event-lookalike-player warning'],
      ['event-duplicate-player error', 'event-lookalike-player warning'],
      ['event-lookalike-player warning']
    ])
    expect(report.rows[2].issues.find((x) => x.code === 'event-lookalike-player')?.message).toBe(
      "MaIlory looks like the same player as 'Mallory' (file p0.muster.json): check they are two players."
    )
    // The same player alone, however spelt, has no warning.
    expect(codes(checked(['Mallory', 'MALLORY', 'Mal\u200blory']))).toEqual([
      ['event-duplicate-player error'],
      ['event-duplicate-player error'],
      ['event-duplicate-player error']
    ])
  })

  it('real different names drawn alike (Amie and Arnie, Ian and Lan) are warned too, and stay two legal players', () => {
    for (const [a, b] of LOOKALIKE_NAMES) {
      expect(alike(a, b), `${a} / ${b}`).toBe(true)
      expect(samePlayer(a, b), `${a} / ${b}`).toBe(false)
    }
    const report = checked(['Amie', 'Arnie', 'Ian', 'Lan'])
    expect(report.summary.players).toBe(4)
    expect(report.summary.legal).toBe(4)
    expect(codes(report)).toEqual([
      ['event-lookalike-player warning'],
      ['event-lookalike-player warning'],
      ['event-lookalike-player warning'],
      ['event-lookalike-player warning']
    ])
  })

  it('common different names make no noise: 200 first names and 100 surnames, none drawn like another', () => {
    const first =
      'James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Nancy Daniel Lisa Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Dorothy Kevin Carol Brian Amanda George Melissa Edward Deborah Ronald Stephanie Timothy Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Shirley Eric Angela Jonathan Helen Stephen Anna Larry Brenda Justin Pamela Scott Nicole Brandon Emma Benjamin Samantha Samuel Katherine Gregory Christine Frank Debra Alexander Rachel Raymond Catherine Patrick Carolyn Jack Janet Dennis Ruth Jerry Maria Tyler Heather Aaron Diane Jose Virginia Adam Julie Henry Joyce Nathan Victoria Douglas Olivia Zachary Kelly Peter Christina Kyle Lauren Walter Joan Ethan Evelyn Jeremy Judith Harold Megan Keith Cheryl Christian Andrea Roger Hannah Noah Martha Gerald Jacqueline Carl Frances Terry Gloria Sean Ann Austin Teresa Arthur Kathryn Lawrence Sara Jesse Janice Dylan Jean Bryan Alice Joe Madison Jordan Doris Billy Abigail Bruce Julia Albert Judy Willie Grace Gabriel Denise Logan Amber Alan Marilyn Juan Beverly Wayne Danielle Roy Theresa Ralph Sophia Randy Marie Eugene Diana Vincent Ian Ivan Ida Iris Isla Liam Lily Bill Will Nell Neil Niall Dan Don Tom Tim Jim Kim Sam Pam Max Mal Mel Dave Ed Al'.split(
        ' '
      )
    const last =
      'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Turner Phillips Evans Parker Edwards Collins Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey Bell Kelly Howard Ward Cox Richardson Wood Watson Brooks Bennett Gray Hughes Price Myers Long Foster Sanders Ross Powell Sullivan Russell Barnes Fisher Coleman Simmons Graham Cole Burns Arnold Byrne Kearney Warner Hearn'.split(
        ' '
      )
    for (const names of [first, last]) {
      const byKey = new Map<string, string>()
      for (const n of new Set(names))
        for (const k of lookAlikeKeys(n)) {
          expect(byKey.has(k) && !samePlayer(byKey.get(k)!, n), `${byKey.get(k)} / ${n}`).toBe(false)
          byKey.set(k, n)
        }
    }
    const report = checked(first.slice(0, 40).map((f, i) => `${f} ${last[i]}`))
    expect(codes(report).flat()).toEqual([])
  })
})

describe('a camp change names the garrison as unit changes name units (finding 7)', () => {
  // The app's unit ids ("u", the time, a number: meaningless to a reader) on the example roster, whose
  // camp is garrisoned by unit 7, its light foot; unit 5 is its raiders.
  const appMade = () => {
    const roster = legal() as { units: Array<Record<string, unknown>>; camp?: unknown }
    roster.units = roster.units.map((u, i) => ({ ...u, id: `ulm3k9x${i}` }))
    roster.camp = { garrison: 'ulm3k9x6' }
    return roster
  }

  it('by its number and troop in the roster as it is now, with the troops named by the ruleset', () => {
    const before = appMade()
    const after = { ...appMade(), camp: { garrison: 'ulm3k9x4' } }
    const troops = engine.ruleset('triumph')!.troops
    expect(rosterChanges(before, after, (id) => troops.get(id)?.name)).toEqual([
      { path: '/camp', text: 'camp: garrisoned by unit 7 (Light Foot) → garrisoned by unit 5 (Raiders)' }
    ])
    // Through the event check's comparison with the last report.
    const submissions = [{ file: 'ann.muster.json', data: { ...after, player: 'Ann' } }]
    const previous = JSON.parse(JSON.stringify(checkEvent(engine, event, [{ file: 'ann.muster.json', data: { ...before, player: 'Ann' } }]))) as EventReport
    const report = checkEvent(engine, event, submissions)
    compareWithPrevious(report, previous, submissions, engine)
    expect(report.rows[0].resubmission?.changes).toEqual(['camp: garrisoned by unit 7 (Light Foot) → garrisoned by unit 5 (Raiders)'])
    expect(report.rows[0].issues.find((i) => i.code === 'event-change-not-flagged')?.message).not.toMatch(/ulm3k9x/)
  })

  it('a garrison since removed as the earlier roster numbered it; an id no unit has, as the id', () => {
    const before = appMade()
    const after = { ...appMade(), camp: { garrison: 'ulm3k9x4' } }
    after.units = after.units.filter((u) => u.id !== 'ulm3k9x6')
    expect(rosterChanges(before, after).map((c) => c.text)).toEqual([
      'camp: garrisoned by unit 7 (light-foot, removed) → garrisoned by unit 5 (raiders)',
      'unit 7 removed: 2 light-foot'
    ])
    // Reordered: named as the roster now numbers the units.
    const moved = { ...appMade(), camp: { garrison: 'ulm3k9x4' } }
    moved.units = [moved.units[6], ...moved.units.slice(0, 6)]
    expect(rosterChanges(before, moved).map((c) => c.text)[0]).toBe('camp: garrisoned by unit 1 (light-foot) → garrisoned by unit 6 (raiders)')
    expect(rosterChanges(before, { ...appMade(), camp: { garrison: 'nobody' } }).map((c) => c.text)).toEqual([
      'camp: garrisoned by unit 7 (light-foot) → garrisoned by nobody'
    ])
  })
})

describe('the window does not bundle the confusables table (finding 12)', () => {
  it('no file the renderer imports, however indirectly, takes player-keys.ts or unhomoglyph; players.ts takes neither', () => {
    const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^\s*import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1])
    const resolveTs = (from: string, spec: string) => {
      const base = resolve(dirname(from), spec)
      for (const f of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
        try {
          if (readFileSync(f)) return f
        } catch {
          // not this one
        }
      }
      return undefined
    }
    const renderer = join(repoRoot, 'src-renderer')
    const todo = readdirSync(renderer, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => join(renderer, f))
    const seen = new Set<string>()
    const taken: string[] = []
    while (todo.length) {
      const file = todo.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      for (const spec of imports(file)) {
        if (spec === 'unhomoglyph') taken.push(`${file} -> unhomoglyph`)
        if (!spec.startsWith('.')) continue
        const target = resolveTs(file, spec)
        if (!target || target.includes(`${join('src-main', '')}`)) continue
        if (target.endsWith(join('src-shared', 'player-keys.ts'))) taken.push(`${file} -> player-keys.ts`)
        todo.push(target)
      }
    }
    expect(seen.has(join(repoRoot, 'src-shared', 'players.ts'))).toBe(true)
    expect(taken).toEqual([])
  })
})
