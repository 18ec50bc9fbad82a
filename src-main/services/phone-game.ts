// A library game as the phone page plays it (served by services/phone.ts): what a GET of its game
// answers, and what takes its posts. A post is the phone's whole list of taps and the digest of
// Muster's list it was based on (src-shared/play/tap-base.ts): taken only while Muster still holds that
// list, checked with the games service's own checks (the IPC's tap schema, then tapProblem), and
// written in one transaction, all or nothing. Muster's copy wins: a stale or refused post is answered
// with what Muster holds, and the phone takes that up.
import Ajv from 'ajv'
import Type from 'typebox'
import type { Tap } from '../../src-shared/play/types'
import { sharedStart, tapsBase } from '../../src-shared/play/tap-base'
import type { GameAnswer, ServedGame } from '../serve'
import * as store from '../store'
import * as games from './games'
import { tapSchema } from './tap-schema'

/** What the phone posts: its taps, and the digest of Muster's taps they were based on. */
const postSchema = Type.Object(
  { base: Type.String({ minLength: 1, maxLength: 40 }), taps: Type.Array(tapSchema, { maxItems: 10_000 }) },
  { additionalProperties: false }
)
const finishSchema = Type.Object({ base: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false })

let checks: { post: (v: unknown) => boolean; finish: (v: unknown) => boolean } | undefined
const checked = () => {
  if (checks) return checks
  const ajv = new Ajv({ strict: true, strictTuples: false })
  return (checks = { post: ajv.compile(postSchema), finish: ajv.compile(finishSchema) })
}

/** Muster no longer holds the taps the phone's post was based on (the app's tracker changed the game). */
class StaleBase extends Error {
  override name = 'StaleBase'
}

/**
 * The phone's taps brought into the game: Muster's taps must still be those the phone read (`base`);
 * those both share are kept, the rest replaced by the phone's, each checked against the game as it
 * stands; in one transaction, so a refused tap leaves the game as it was.
 */
export function takePhoneTaps(db: store.Db, id: string, base: string, posted: Tap[]): Tap[] {
  return store.games.replaceTail<Tap>(db, id, (sheet, held) => {
    if (tapsBase(held) !== base) throw new StaleBase('the game changed in Muster since the phone read it')
    const keep = sharedStart(held, posted)
    const taps = held.slice(0, keep)
    for (const t of posted.slice(keep)) {
      const problem = games.tapProblem(sheet as games.GameState['sheet'], taps, t)
      if (problem) throw new store.StoreError('invalid', problem)
      taps.push(t)
    }
    return { keep, taps: posted.slice(keep) }
  })
}

/** A served library game: what the phone reads (the taps, their digest, the result code once finished) and what takes its posts. */
export function libraryGame(db: store.Db, id: string): ServedGame & { finished(): boolean } {
  const read = (): GameAnswer => {
    const game = games.getGame(db, id)
    return { taps: game.taps, base: tapsBase(game.taps), code: game.result?.code ?? null, finished: game.result !== null }
  }
  // Muster's copy, and why the phone's was not taken: the phone shows Muster's and says why.
  const refused = (status: number, error: string) => ({ status, body: { ...read(), error } })
  const act = (fn: () => void) => {
    try {
      fn()
      return { status: 200, body: read() }
    } catch (e) {
      if (e instanceof StaleBase) return refused(409, 'Muster held taps this phone had not seen: the phone now shows the game as Muster has it.')
      if (e instanceof store.StoreError && e.code === 'conflict') return refused(409, 'This game is finished in Muster: it takes no more taps.')
      if (e instanceof store.StoreError && e.code === 'invalid') return refused(422, `Muster did not take these taps: ${e.message}.`)
      throw e
    }
  }
  return {
    read,
    post: (body) => {
      if (!checked().post(body)) return { status: 400 }
      const { base, taps } = body as { base: string; taps: Tap[] }
      return act(() => takePhoneTaps(db, id, base, taps))
    },
    finish: (body) => {
      if (!checked().finish(body)) return { status: 400 }
      return act(() => {
        if (tapsBase(games.getGame(db, id).taps) !== (body as { base: string }).base) throw new StaleBase('stale')
        games.finishGame(db, id)
      })
    },
    finished: () => games.getGame(db, id).result !== null
  }
}
