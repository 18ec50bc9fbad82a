// What the `muster event` commands on one event share: the event named as the organiser types it (its
// id, its first characters or its name) and the use case that finds it (services/event-find.ts).
import type { Command } from 'commander'

/** The one use case with the event found by what the organiser typed: its id, its start or its name (services/event-find.ts). */
export const eventServices = async () => ({ ...(await import('../services/event-day')), ...(await import('../services/event-find')) })

/** How enter, show and delete describe the event's id: that a start of it will do. */
export const EVENT_ID_WORDS = 'the event id (its first characters will do) or its name'

/** `muster event NAME <id>`: a command on one event. */
export const eventCommand = (event: Command, name: string, description: string, idWords = 'the event id or name'): Command =>
  event.command(name).description(description).argument('<id>', idWords)
