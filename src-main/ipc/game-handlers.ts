// Games at the table (services/games.ts) over the IPC contract: each call handed to the service over
// the library's SQLite file and answered. Free of electron: tests drive it for real.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import * as games from '../services/games'
import { documentChecks } from '../services/library-checks'
import type * as store from '../store'
import type { MusterHandlers } from './contract'

export type GameChannels = 'startGame' | 'tapGame' | 'undoGameTap' | 'getGame' | 'listGames' | 'finishGame' | 'deleteGame' | 'gameRecord'

export function gameHandlers(db: store.Db, engine: Engine, ajv: Ajv2020): Pick<MusterHandlers, GameChannels> {
  const checks = documentChecks(engine, ajv)
  return {
    startGame: (request) => games.startGame(db, engine, checks, request),
    tapGame: (id, tap) => games.tap(db, id, tap),
    undoGameTap: (id) => games.undo(db, id),
    getGame: (id) => games.getGame(db, id),
    listGames: (options) => games.listGames(db, options),
    finishGame: (id, agreed) => games.finishGame(db, id, agreed),
    deleteGame: (id) => games.deleteGame(db, id),
    gameRecord: (of) => games.record(db, of)
  }
}
