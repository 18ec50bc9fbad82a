// What the stand-in tells the test: every event worth asserting, as a message to the parent
// process (the child runs with an IPC channel: run.ts). A stand-in loaded without one stays quiet.
export type Detail = Record<string, unknown>

export function report(event: string, detail: Detail = {}): void {
  process.send?.({ event, ...detail })
}

/** An Electron event: `preventDefault()` cancels what it announces. */
export interface StandInEvent {
  defaultPrevented: boolean
  preventDefault(): void
}

export function electronEvent<T extends object>(fields?: T): StandInEvent & T {
  const event = {
    ...(fields ?? ({} as T)),
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    }
  }
  return event
}
