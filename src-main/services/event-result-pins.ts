// A table's result PIN (issue 41 §3): the phones' results page takes a table's result only with it.
// Printed on that table's result slip and shown to the organiser in the round's view, so the two
// players at the table have it and a griefer with the venue's link does not. Derived, never stored:
// HMAC-SHA256 of the round and table under the event's own secret (store/event-results.ts, migration 9).
import { createHmac, timingSafeEqual } from '../files/node-crypto'
import type { Db } from '../store/open'
import { eventSecret } from '../store/event-results'

/** 32 letters and digits, none read as another (no 0, O, 1 or I): 5 bits each. */
export const PIN_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
/** 5 characters: 2^25 PINs a table, against a handful of tries (event-results-guard.ts). */
export const PIN_LENGTH = 5

/** The PIN of one table of one round, from the event's secret (hex). */
export function tablePin(secret: string, round: number, table: number): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'hex')).update(`muster result pin\0${round}\0${table}`).digest()
  let pin = ''
  for (let i = 0; i < PIN_LENGTH; i++) pin += PIN_ALPHABET[mac[i] & 31]
  return pin
}

/** A PIN as a player typed it: any case, spaces and dashes dropped. */
export const typedPin = (s: string): string => s.toUpperCase().replace(/[\s-]+/g, '')

/** Whether `given` (as typed) is `pin`, compared in constant time. */
export function samePin(given: string, pin: string): boolean {
  const a = Buffer.from(typedPin(given))
  const b = Buffer.from(pin)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The event's tables' PINs (a bye has none: ask for tables of two only); null: no such event. */
export function eventPins(db: Db, eventId: string): ((round: number, table: number) => string) | null {
  const event = eventSecret(db, eventId)
  return event ? (round, table) => tablePin(event.secret, round, table) : null
}
