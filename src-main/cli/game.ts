// `muster game GAME.json [--json] [--result-code]`: a game file (schemas/game.schema.json) scored by
// its ruleset's rules of play: each side's loss, whether it is spent, its live values, and the result.
// `muster game --decode CODE [--json]` reads a result code back, with the same `result`. CODE `-`
// reads the code from standard input. Exit codes: 0 scored or read, 2 nothing (an unreadable or bad
// game file, a unit or a loss the roster does not have, an unknown ruleset, a damaged code).
// The scoring code is loaded when the command runs (services/game-score.ts), the result code's only
// for --result-code and --decode (services/game-file.ts); the schemas' validators are the build's.
import type { Command } from 'commander'
import type { GameAnswer, GameSideAnswer } from '../services/game-score'
import type { PlayValue } from '../../src-shared/play/types'
import { formatNumber } from '../../src-shared/words'
import { oneLine } from '../../src-shared/text'
import type { ExportContext } from './export'
import { readAll } from './read-all'

const EXIT_OK = 0
const EXIT_UNREADABLE = 2

const valueText = (v: PlayValue): string => (typeof v === 'number' ? formatNumber(v) : typeof v === 'boolean' ? (v ? 'yes' : 'no') : v === null ? '-' : v)

/** A side's values as labelled lines (every value the data defines, its loss against its threshold), then what each line lost and the marks set. */
function sideLines(side: GameSideAnswer, index: number, measure: GameAnswer['measure']): string[] {
  const values = side.values ?? []
  const threshold = values.find((v) => v.id === 'threshold')
  const who = [side.player, side.army, side.name !== side.army ? `(${side.name})` : ''].filter(Boolean).join(', ').replace(', (', ' (')
  const noun = (n: number): string => (measure ? (n === 1 ? measure.one : measure.other) : '')
  return [
    `Side ${index + 1}: ${who}`,
    ...(side.legal === false
      ? [`  Warning: this roster breaks its army list's rules (${side.issues} ${side.issues === 1 ? 'problem' : 'problems'}): muster check says which.`]
      : []),
    ...values
      .filter((v) => v !== threshold)
      .map(
        (v) =>
          `  ${v.label}: ${valueText(v.value)}${v.id === 'lost' && threshold && typeof threshold.value === 'number' ? ` of ${valueText(threshold.value)} (${threshold.label})` : ''}`
      ),
    ...(side.losses ?? []).map((l) =>
      `  unit ${l.unit}${l.part !== undefined ? `, part ${l.part}` : ''}${l.label ? ` (${l.label})` : ''}: ${formatNumber(l.lost)}${l.capacity !== undefined ? ` of ${formatNumber(l.capacity)}` : ''} ${noun(l.capacity ?? l.lost)} lost`.replace(
        / +lost$/,
        ' lost'
      )
    ),
    ...(side.flags ?? []).map((f) => `  ${f.label}: yes`)
  ]
}

/** What a player reads: the ruleset, each side's standing, the result and why. */
export function gameText(answer: GameAnswer): string {
  const date = answer.date ? `, ${answer.date}${answer.dateFrom === 'today' ? " (today's date: the game file gives none)" : ''}` : ''
  const head = `${answer.ruleset.name ?? answer.ruleset.id} (data ${answer.ruleset.dataVersion})${date}`
  const { over, why } = answer.result
  const result = `Result: ${over ? (answer.agreed ? 'over, by agreement' : 'over') : 'not over yet'}. ${why}`
  return [head, '', ...sideLines(answer.sides[0], 0, answer.measure), '', ...sideLines(answer.sides[1], 1, answer.measure), '', result].join('\n') + '\n'
}

export function addGameCommand(program: Command, ctx: ExportContext): void {
  const { io } = ctx
  program
    .command('game')
    .description("score a game file (each side's losses, by its ruleset's rules of play) or read a result code back (exit 0 done, 2 nothing done)")
    .argument('[file]', 'game file (schemas/game.schema.json)')
    .option(
      '--json',
      '{ruleset, date?, measure?, sides: [{player?, name, army, checkCode, lost, spent?, moraleDice?, handSize?, values}], result: {over, winner, why}, agreed}'
    )
    .option('--result-code', "print the game's result code (MR1.…) instead")
    .option('--decode <code>', "a result code to read back; '-' reads it from standard input")
    .action(async (file: string | undefined, opts: { json?: boolean; resultCode?: boolean; decode?: string }) => {
      if ((file === undefined) === (opts.decode === undefined)) {
        io.err('muster game: give a game file to score, or --decode CODE (not both)\n')
        return ctx.setExit(EXIT_UNREADABLE)
      }
      if (opts.decode !== undefined && opts.resultCode) {
        io.err('muster game: --result-code goes with a game file; --decode reads a code\n')
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const { scoreGameFile, GameFileError } = await import('../services/game-score')
      const engine = ctx.engine()
      // the build's (cli/main.ts gives them to the engine)
      const validators = engine.validators
      let answer: GameAnswer
      try {
        if (opts.decode !== undefined) {
          const [{ decodeResultCode }, { MAX_RESULT_CODE_LENGTH }] = await Promise.all([
            import('../services/game-file'),
            import('../../src-shared/play/result-code')
          ])
          const code = opts.decode === '-' ? await readAll(process.stdin, MAX_RESULT_CODE_LENGTH) : opts.decode
          answer = decodeResultCode(engine, code, validators).answer
        } else {
          const scored = scoreGameFile(engine, file!, validators)
          if (opts.resultCode) {
            const { gameResultCode } = await import('../services/game-file')
            io.out(`${gameResultCode(scored)}\n`)
            return ctx.setExit(EXIT_OK)
          }
          answer = scored.answer
        }
      } catch (e) {
        if (!(e instanceof GameFileError)) throw e
        io.err(`${oneLine(`muster game: ${e.message}`)}\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      io.out(opts.json ? JSON.stringify(answer, null, 2) + '\n' : gameText(answer))
      ctx.setExit(EXIT_OK)
    })
}
