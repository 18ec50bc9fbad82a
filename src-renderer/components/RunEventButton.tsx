// "Run this event" on the Check tab: an event made in the library from the profile on screen, the
// chosen rosters entered into it (illegal ones held back with their reasons), then opened on the
// Event day view.
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
    const made = await api().createEvent(profile())
    if (!made.ok) {
      setBusy(false)
      return onError(made.error.message)
    }
    const { id } = made.value
    const entered = files.length ? await api().enterEventRosters(id, files) : null
    setBusy(false)
    if (entered && !entered.ok) return onMade({ id, entered: null, enterError: entered.error.message })
    onMade({ id, entered: entered?.value ?? null })
  }
  return (
    <button
      onClick={() => void run()}
      disabled={busy}
      title="Make an event in the library from this profile, enter the chosen rosters, and run its rounds on the Event day tab"
    >
      Run this event
    </button>
  )
}
