// Event day over IPC (issue 41): each call translated to the one use case services/event-day.ts (the
// CLI's too). Submitted rosters are read here, in the main process, with the one file reader the event
// check uses; PDFs are kept on the shelf so savePdf writes the bytes shown; the results page is served
// to the players' phones until stopped or the window closes (electron/main.ts stopEventResults).
import type { Engine } from '../rules'
import type { Db } from '../store'
import * as day from '../services/event-day'
import { readSubmissions } from '../services/event-input'
import { eventDayPdf, publishEventPage } from '../services/event-day-print'
import { eventResultsServing, serveEventResults, stopEventResults as stopServing } from '../services/event-results'
import { findPhoneDir } from '../services/phone'
import type { EventDayChannels } from './event-day-contract'
import type { MusterHandlers } from './contract'
import { PdfShelf, shelved } from './file-handlers'

/** Stops serving the results page; whether it was served (for the window's close). */
export const stopEventResults = stopServing

/** `pdfs`: where each sheet is kept for savePdf (file-handlers.ts); `dir`: where the built phone page is (out/phone beside the app's bundles). */
export function eventDayHandlers(db: Db, engine: Engine, pdfs = new PdfShelf(), dir: string = findPhoneDir(__dirname)): Pick<MusterHandlers, EventDayChannels> {
  return {
    listEvents: () => day.listEventDays(db),
    createEvent: (profile, files) => day.createEventWith(engine, db, profile, files?.length ? readSubmissions(files) : undefined),
    updateEventProfile: (id, profile) => day.updateEventProfile(engine, db, id, profile),
    getEventDay: (id) => day.eventDayState(db, id),
    // a page still serving the deleted event would answer its phones with errors: it stops first
    deleteEvent: async (id) => (await stopServing(id), day.deleteEvent(db, id)),
    enterEventRosters: (id, files) => day.enterRosters(engine, db, id, readSubmissions(files)),
    overrideEventPlayer: (id, player) => ({ player: day.overridePlayer(db, id, player).player }),
    dropEventPlayer: (id, player) => ({ player: day.dropPlayer(db, id, player).player }),
    reinstateEventPlayer: (id, player) => ({ player: day.reinstatePlayer(db, id, player).player }),
    pairEventRound: (id) => day.pairRound(engine, db, id),
    recordEventResult: (id, result) => day.recordResult(db, id, result),
    eventDayPdf: async (id, sheet) => {
      const made = await eventDayPdf(engine, db, id, sheet)
      return shelved(pdfs, made.fileName, made.pdf)
    },
    publishEvent: (id) => publishEventPage(engine, db, id),
    exportEventDay: (id) => day.exportEvent(db, id),
    serveEventResults: (id, options) => serveEventResults(db, dir, id, { lan: options?.lan === true }),
    stopEventResults: () => stopServing(),
    eventResultsServing: () => eventResultsServing()
  }
}
