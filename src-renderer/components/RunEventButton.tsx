// "Run this event" on the Check tab: an event made in the library from the profile on screen with the
// chosen rosters entered in the same change (illegal ones held back with their reasons; when entering
// fails no event is left behind), then opened on the Event day view.
import { useState } from 'react'
import type { EventFile } from '../../src-main/ipc/contract'
import { api } from '../api'
import type { OpenedEvent } from './EventDay'

export function RunEventButton({
  profile,
  files,
  onMade,
  onError
}: {
  profile: () => Record<string, unknown>
  files: EventFile[]
  onMade: (e: OpenedEvent) => void
  onError: (message: string) => void
}) {
  const [busy, setBusy] = useState(false)
  async function run() {
    setBusy(true)
    onError('')
    // Over IPC an `undefined` argument would not pass the contract's check: no files, no argument.
    const made = await (files.length ? api().createEvent(profile(), files) : api().createEvent(profile()))
    setBusy(false)
    if (!made.ok) return onError(made.error.message)
    onMade({ id: made.value.id, entered: made.value.entered ?? null })
  }
  return (
    <button
      onClick={() => void run()}
      disabled={busy}
      title="Make an event in the library from this profile with the chosen rosters entered, and run its rounds on the Event day view"
    >
      Run this event
    </button>
  )
}
