// An opponent's army list, chosen from a select: the army's historical enemies first (those loaded),
// then every list of the ruleset. Shared by Print / PDF (a quick-reference sheet against a list) and
// Play (an opponent known only by its list), so both offer the lists alike.
import { useMemo } from 'react'
import type { ArmySummary } from '../../src-main/ipc/contract'
import { armyTitle } from '../../src-shared/army-title'

const listLabel = (a: ArmySummary) => armyTitle(a)

/** The army's historical enemies among the lists, and the list in force: the one chosen, else the first enemy, else the first list. */
export function useEnemiesFirst(lists: ArmySummary[], enemyIds: readonly string[] | undefined, chosen: string) {
  const enemies = useMemo(() => {
    const wanted = new Set(enemyIds ?? [])
    return lists.filter((a) => wanted.has(a.id))
  }, [lists, enemyIds])
  return { enemies, value: chosen || enemies[0]?.id || lists[0]?.id || '' }
}

export function EnemyListSelect({
  lists,
  enemies,
  armyName,
  value,
  onChange
}: {
  lists: ArmySummary[]
  /** The army's historical enemies (useEnemiesFirst). */
  enemies: ArmySummary[]
  /** The army whose enemies they are, to name the group. */
  armyName?: string
  value: string
  onChange: (armyId: string) => void
}) {
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} aria-label="Opponent army list">
      {enemies.length > 0 && (
        <optgroup label={`Historical enemies of ${armyName ?? 'this army'}`}>
          {enemies.map((a) => (
            <option key={a.id} value={a.id}>
              {listLabel(a)}
            </option>
          ))}
        </optgroup>
      )}
      <optgroup label="Every army list">
        {lists.map((a) => (
          <option key={a.id} value={a.id}>
            {listLabel(a)}
          </option>
        ))}
      </optgroup>
    </select>
  )
}
