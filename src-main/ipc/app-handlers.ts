// Every domain's handlers over one engine and one library, wired once: the app's main process
// (electron/app-context.ts) and every test harness that stands in for it (test/support/app-dispatch.ts,
// used by library.ts, app.ts and components/setup.ts) make their handlers here, through
// app-wiring.ts, so they cannot drift apart; a test passes fakes only for what needs a person or the machine (the dialogs, the data).
// One evaluator serves the editor's calls and the library's saves, so a save stores the verdict its
// edit was given (services/evaluation.ts).
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { rememberingEvaluator } from '../services/evaluation'
import type { Db } from '../store'
import { ownedItems } from '../services/collection'
import type { MusterHandlers } from './contract'
import { eventHandlers } from './event-handlers'
import { eventDayHandlers } from './event-day-handlers'
import { fileHandlers, type FileDialogs, type PdfShelf } from './file-handlers'
import { mergeHandlers, rulesHandlers } from './handlers'
import { libraryHandlers } from './library-handlers'
import { collectionHandlers } from './collection-handlers'
import { gameHandlers } from './game-handlers'
import { phoneHandlers } from './phone-handlers'
import type { meshweshHandlers } from './meshwesh-handlers'
import { sampleHandlers } from './sample-handlers'

export interface AppHandlerDeps {
  engine: Engine
  /** What was left out of the user's data, for the player (user-data.ts withoutDamagedCatalogue). */
  dataWarnings?: readonly string[]
  db: Db
  ajv: Ajv2020
  /** The fingerprint of the data in force (rules/data-fingerprint.ts); none: the library never offers a recheck (a test's fixed data). */
  dataFingerprint?: () => string
  /** The PDFs the window previewed, kept for Save (made once: an engine reload keeps them). */
  pdfs: PdfShelf
  /** The native file dialogs; a test passes a fake (test/support/file-dialogs.ts). */
  dialogs: FileDialogs
  /** Made once: a sync outlives engine reloads. */
  meshwesh: ReturnType<typeof meshweshHandlers>
}

export function appHandlers(deps: AppHandlerDeps): MusterHandlers {
  const { engine, db, ajv, pdfs, dialogs } = deps
  const evaluator = rememberingEvaluator(engine)
  return mergeHandlers(
    rulesHandlers(engine, deps.dataWarnings ?? engine.registry.warnings, evaluator, () => ownedItems(db)),
    libraryHandlers(db, engine, ajv, { dataFingerprint: deps.dataFingerprint, pdfs, dialogs, verdictOf: evaluator.verdict }),
    eventHandlers(engine, ajv, pdfs, dialogs),
    eventDayHandlers(db, engine, pdfs),
    sampleHandlers(db, engine, ajv),
    collectionHandlers(db, engine, { pdfs, dialogs }),
    gameHandlers(db, engine, ajv),
    phoneHandlers(db),
    deps.meshwesh,
    fileHandlers(dialogs, pdfs)
  )
}
