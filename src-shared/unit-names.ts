// How a unit is called where its id would mean nothing to a player (a figure per commander, an
// issue's place): its name, else its troop type and its number among them ("Commander 2").
// Shared by the editor's header, the printed sheets and the CLI, so all three say the same.

export interface CalledUnit {
  id?: unknown
  name?: unknown
  troop?: unknown
}

/** "Legate" (its name), else "Commander 2" (the second Commander), else "unit 3". */
export function unitCall(units: readonly CalledUnit[], index: number, troopName: (id: string) => string | undefined): string {
  const unit = units[index]
  if (!unit) return `unit ${index + 1}`
  if (typeof unit.name === 'string' && unit.name.trim()) return unit.name.trim()
  if (typeof unit.troop !== 'string') return `unit ${index + 1}`
  const alike = units.filter((u) => u?.troop === unit.troop)
  const name = troopName(unit.troop) ?? unit.troop
  return alike.length === 1 ? name : `${name} ${alike.indexOf(unit) + 1}`
}

/** The unit a per-unit figure's key names: its id, its name, or `unit-N` (figures.ts). */
export function unitIndexOfKey(units: readonly CalledUnit[], key: string): number {
  const byId = units.findIndex((u) => u?.id === key)
  if (byId >= 0) return byId
  const byPos = /^unit-(\d+)$/.exec(key)
  if (byPos) return Number(byPos[1]) - 1
  return units.findIndex((u) => typeof u?.name === 'string' && u.name.trim() === key)
}

/** A per-unit figure in words: "Commander 1: 6, Commander 2: 4". */
export function perUnitText(
  value: Record<string, number>,
  units: readonly CalledUnit[],
  troopName: (id: string) => string | undefined,
  number: (n: number) => string,
  separator = ', '
): string {
  return (
    Object.entries(value)
      .map(([key, n]) => {
        const index = unitIndexOfKey(units, key)
        return `${index >= 0 ? unitCall(units, index, troopName) : key}: ${number(n)}`
      })
      .join(separator) || '–'
  )
}
