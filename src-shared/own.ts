// Lookups keyed by what a user typed (an attribute value, a table key) must read the record's own
// entries only: `labels["toString"]` would otherwise find Object.prototype's function.

/** record[key] when the record itself has that key, else undefined. */
export function own<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined
}

/** An empty record with no prototype, for tallies keyed by user values ("__proto__" is a key like any other). */
export function tally<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}
