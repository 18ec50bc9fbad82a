// Hand-worked cases of the rules of play: test/rules/<ruleset>/play/*.json, each a muster-game (rosters
// embedded) scored as `muster game` scores it, with the side values, the result, the pre-battle rows
// and per-unit aid outputs worked out by hand from the seed (the working in `why`). An aid case's
// losses are the game's for that line.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import Ajv2020 from 'ajv/dist/2020'
import { scoreGameFile } from '../../src-main/services/game-file'
import { aidsFor, unitAid, type AidInputs } from '../../src-shared/play/aids'
import type { PlayValue, SideIndex } from '../../src-shared/play/types'
import { bundledEngine, repoRoot } from '../support/engine'
import { createEngine } from '../../src-main/rules'
import { playProblems } from '../../src-main/rules/play-checks'
import { formulaProblem } from '../../src-main/rules/formula'
import type { PlayRules } from '../../src-shared/play/types'

interface PlayCase {
  description: string
  why: string
  game: Record<string, unknown>
  expect: {
    sides?: Array<{ lost?: number; spent?: boolean; moraleDice?: number; handSize?: number; values?: Record<string, PlayValue> }>
    result?: { over?: boolean; winner?: SideIndex | null; why?: string }
    preBattle?: Array<{ label: string; values: [string, string] }>
    aids?: Array<{ side: SideIndex; unit: number; aid: string; applies?: false; inputs?: AidInputs; outputs?: Record<string, PlayValue> }>
  }
}

// The case's own shape, checked first so a misspelt key checks nothing silently.
const value = { type: ['number', 'string', 'boolean', 'null'] }
const validCase = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile<PlayCase>({
  type: 'object',
  additionalProperties: false,
  required: ['description', 'why', 'game', 'expect'],
  properties: {
    description: { type: 'string', minLength: 10 },
    why: { type: 'string', minLength: 10 },
    game: { type: 'object' },
    expect: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        sides: {
          type: 'array',
          maxItems: 2,
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              lost: { type: 'number' },
              spent: { type: 'boolean' },
              moraleDice: { type: 'number' },
              handSize: { type: 'number' },
              values: { type: 'object', additionalProperties: value }
            }
          }
        },
        result: {
          type: 'object',
          additionalProperties: false,
          properties: { over: { type: 'boolean' }, winner: { enum: [0, 1, null] }, why: { type: 'string' } }
        },
        preBattle: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['label', 'values'],
            properties: { label: { type: 'string' }, values: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string' } } }
          }
        },
        aids: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['side', 'unit', 'aid'],
            properties: {
              side: { enum: [0, 1] },
              unit: { type: 'integer', minimum: 0 },
              aid: { type: 'string' },
              applies: { const: false },
              inputs: { type: 'object', additionalProperties: { type: ['number', 'string', 'boolean'] } },
              outputs: { type: 'object', minProperties: 1, additionalProperties: value }
            }
          }
        }
      }
    }
  }
})

const casesDir = __dirname
const rulesets = readdirSync(casesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(casesDir, d.name, 'play')))
  .map((d) => d.name)
  .sort()
const scratch = mkdtempSync(join(tmpdir(), 'muster-play-cases-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe.each(rulesets)('play cases: %s', (ruleset) => {
  const dir = join(casesDir, ruleset, 'play')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()

  it('has at least 8 cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(8)
  })

  it.each(files)('%s', (file) => {
    const c = JSON.parse(readFileSync(join(dir, file), 'utf8')) as PlayCase
    expect(validCase(c) ? [] : validCase.errors?.map((e) => `${e.instancePath} ${e.message}`), `${file} is a play case`).toEqual([])
    // Scored as `muster game` scores a game file: its rosters checked as imported, its losses checked.
    const gameFile = join(scratch, `${ruleset}-${file}`)
    writeFileSync(gameFile, JSON.stringify(c.game))
    const { sheet, losses, score } = scoreGameFile(bundledEngine(), gameFile)
    expect(sheet.ruleset.id).toBe(ruleset)
    c.expect.sides?.forEach((want, i) => {
      const got = score.sides[i]
      const { values, ...top } = want
      for (const [k, v] of Object.entries(top)) expect(got[k as keyof typeof top], `side ${i + 1} ${k}`).toEqual(v)
      for (const [id, v] of Object.entries(values ?? {})) expect(got.values.find((x) => x.id === id)?.value, `side ${i + 1} value ${id}`).toEqual(v)
    })
    if (c.expect.result) expect(score.result).toMatchObject(c.expect.result)
    for (const row of c.expect.preBattle ?? [])
      expect(sheet.preBattle.rows.find((r) => r.label === row.label)?.values, `pre-battle ${row.label}`).toEqual(row.values)
    for (const a of c.expect.aids ?? []) {
      const where = `${a.aid} for side ${a.side + 1}'s unit ${a.unit} (${sheet.sides[a.side].units[a.unit]?.label})`
      const applies = aidsFor(sheet, a.side, a.unit).some((x) => x.id === a.aid)
      expect(applies, `${where} applies`).toBe(a.applies !== false)
      if (a.applies === false) continue
      expect(a.outputs, `${where}: a case of an aid that applies names its outputs`).toBeDefined()
      const outputs = unitAid(sheet, a.side, a.unit, a.aid, a.inputs ?? {}, losses.sides[a.side].lost[a.unit])
      const got = Object.fromEntries(outputs.map((o) => [o.id, o.value]))
      for (const [id, v] of Object.entries(a.outputs ?? {})) expect(got[id], `${where}: ${id}`).toEqual(v)
    }
  })
})

describe('the rules of play checked at data load', () => {
  const bundled = readdirSync(join(repoRoot, 'data', 'rulesets')).filter((id) => existsSync(join(repoRoot, 'data', 'rulesets', id, 'ruleset.json')))
  const playOf = (id: string): PlayRules | undefined =>
    (JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', id, 'ruleset.json'), 'utf8')) as { play?: PlayRules }).play

  it.each(bundled)("%s: every play formula compiles, 'lost' is a side value, every template names side values", (id) => {
    const problems: string[] = []
    const compiles = (formula: unknown, where: string): void => {
      const problem = formulaProblem(formula)
      if (problem) problems.push(`${where}: ${problem}`)
    }
    problems.push(...playProblems(playOf(id), compiles))
    expect(problems).toEqual([])
  })

  it('a --data ruleset with a broken play entry is refused at load, naming the ruleset, the entry and what is wrong', () => {
    const dir = join(scratch, 'data-broken-play')
    mkdirSync(join(dir, 'triumph'), { recursive: true })
    const ruleset = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'ruleset.json'), 'utf8')) as { play: PlayRules }
    const play = ruleset.play
    play.side = play.side.filter((v) => v.id !== 'lost')
    play.side[0].formula = { nope: [1] }
    play.end[0].when = { alsoNope: [] }
    play.end[0].why = `${play.end[0].why} {me.noSuchValue}`
    writeFileSync(join(dir, 'triumph', 'ruleset.json'), JSON.stringify(ruleset))
    let message = ''
    try {
      createEngine({ dataDirs: [dir] })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain("ruleset 'triumph'")
    expect(message).toMatch(/ruleset\.json \/play\/side\/0 \([a-zA-Z]+\)\/formula: the formula does not compile \(Unknown Operator 'nope'\)/)
    expect(message).toMatch(/ruleset\.json \/play\/end\/0 \([a-z0-9-]+\)\/when: the formula does not compile \(Unknown Operator 'alsoNope'\)/)
    expect(message).toMatch(/\/why: \{me\.noSuchValue\} names no side value/)
    expect(message).toContain("no side value 'lost'")
  })
})
