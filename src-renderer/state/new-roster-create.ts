// The New roster screen's Create: the points limit typed, how the roster starts (empty, the list's
// minimums, or those from the collection), the checks said before anything is asked, and the one
// roster made (the same document `muster new` writes, services/new-roster.ts) and added to the library.
import { useState } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { formatRanges, withinDates } from '../../src-shared/years'
import { formatYear } from '../format'
import { LAST_RULESET } from './new-roster-choice'

type Army = RulesetSummary['armies'][number]

export function useNewRosterCreate(onCreated: (id: string, revision: number, notices: string[]) => void) {
  const [limitText, setLimitText] = useState('')
  const [start, setStart] = useState<'empty' | 'minimums' | 'owned'>('empty')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  async function create({
    ruleset,
    army,
    name,
    yearText,
    year,
    edition
  }: {
    ruleset: RulesetSummary | undefined
    army: Army | undefined
    name: string
    yearText: string
    year: number | null
    edition: string | undefined
  }) {
    setError('')
    if (!ruleset || !army) return setError('Choose an army.')
    if (yearText.trim() && year === null) return setError(`“${yearText}” is not a year (try 55 BC or 120 AD).`)
    if (year !== null && !withinDates(year, army.dates))
      return setError(`${army.name} is dated ${formatRanges(army.dates)}; ${formatYear(year)} is outside it.`)
    const limit = limitText.trim() ? Number(limitText) : undefined
    if (limit !== undefined && !(limit > 0 && limit <= 1_000_000)) return setError('The points limit must be a number of points from 1 to 1,000,000.')
    if (name.trim().length > 200) return setError(`The roster's name is ${name.trim().length} characters long; it may be at most 200.`)
    // The same document `muster new` writes (services/new-roster.ts); one at a time, however often Create is pressed.
    setBusy(true)
    try {
      const made = await api().newRoster({
        ruleset: ruleset.id,
        army: army.id,
        name,
        ...(year !== null ? { year } : {}),
        ...(limit !== undefined ? { limit } : {}),
        ...(edition ? { edition } : {}),
        minimums: start !== 'empty',
        ...(start === 'owned' ? { fromCollection: true } : {})
      })
      if (!made.ok) return setError(made.error.message)
      const r = await api().createRoster(made.value.document)
      if (r.ok) localStorage.setItem(LAST_RULESET, ruleset.id)
      if (r.ok) onCreated(r.value.id, r.value.revision, made.value.notices)
      else setError(r.error.message)
    } finally {
      setBusy(false)
    }
  }

  return { limitText, setLimitText, start, setStart, busy, error, create }
}
