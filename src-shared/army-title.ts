// How every output names an army list: its source's list number first, as players look lists up
// ("66a Later Carthaginian"), or the name alone where the data gives the list no number. One way
// for the roster sheet, the list book and judges' copy, the event report and the app's army rows.

/** The list number an army's data gives it (`source.list`: "66a", "52-1b"), whatever the ruleset; none when its data has none. */
export function listNumberOf(source: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const list = source && Object.hasOwn(source, 'list') ? source.list : undefined
  const text = typeof list === 'number' ? String(list) : typeof list === 'string' ? list.trim() : ''
  return text || undefined
}

/** "66a Later Carthaginian"; the name alone for a list with no number. */
export function armyTitle(army: { name: string; listNumber?: string | null }): string {
  return army.listNumber ? `${army.listNumber} ${army.name}` : army.name
}

/** A checked roster's army as a report names it: its title, else the id the roster gives ('' for none). */
export function rowArmyTitle(row: { army: string | null; armyName: string | null; listNumber?: string }): string {
  return row.armyName !== null ? armyTitle({ name: row.armyName, listNumber: row.listNumber }) : (row.army ?? '')
}
