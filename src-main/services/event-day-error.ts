// A request an event cannot take (services/event-day.ts and event-day-results.ts), in the organiser's
// words: thrown inside the change's transaction, so nothing was written. The words fit every door; a
// door that has its own way to say what to do (the CLI's --replace) reads the code.
export type EventDayRefusal = 'refused' | 'has-result'

export class EventDayError extends Error {
  /** The code the app's dispatch passes on with the words (ipc/handlers.ts): 'has-result' when the table already has a result. */
  readonly code: EventDayRefusal
  constructor(message: string, code: EventDayRefusal = 'refused') {
    super(message)
    this.name = 'EventDayError'
    this.code = code
  }
}

export const refuse = (message: string, code?: EventDayRefusal): never => {
  throw new EventDayError(message, code)
}
