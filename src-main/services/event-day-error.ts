// A request an event cannot take (services/event-day.ts and event-day-results.ts), in the organiser's
// words: thrown inside the change's transaction, so nothing was written.
export class EventDayError extends Error {
  /** The code the app's dispatch passes on with the words (ipc/handlers.ts). */
  readonly code = 'refused'
  constructor(message: string) {
    super(message)
    this.name = 'EventDayError'
  }
}

export const refuse = (message: string): never => {
  throw new EventDayError(message)
}
