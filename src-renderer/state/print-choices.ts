// The Print dialog's choices: what (roster sheet, unit cards, quick-reference sheet), the paper, the
// proxies marked, and the quick-reference sheet's opponent (a roster of the same ruleset from the
// library, or an army list, the army's historical enemies first). `key` names what the sheet is made of.
import { useEffect, useState } from 'react'
import type { ArmySummary, RosterRow } from '../../src-main/ipc/contract'
import { api } from '../api'
import { useEnemiesFirst } from '../components/EnemyListSelect'
import type { Paper, PrintKind } from '../../src-shared/print'

export type Against = 'none' | 'roster' | 'list'

export function usePrintChoices(id: string, ruleset: string, armyEnemies: string[] | undefined) {
  const [kind, setKind] = useState<PrintKind>('roster')
  const [paper, setPaper] = useState<Paper>(navigator.language === 'en-US' ? 'letter' : 'a4')
  const [against, setAgainst] = useState<Against>('none')
  const [markProxies, setMarkProxies] = useState(false)
  const [opponent, setOpponent] = useState('')
  const [rivals, setRivals] = useState<RosterRow[]>([])
  const [lists, setLists] = useState<ArmySummary[]>([])
  const [enemyList, setEnemyList] = useState('')

  useEffect(() => {
    void api()
      .listRosters({ ruleset, limit: 200 })
      .then((r) => r.ok && setRivals(r.value.rows.filter((x) => x.id !== id)))
  }, [id, ruleset])
  useEffect(() => {
    void api()
      .listRulesets()
      .then((r) => r.ok && setLists(r.value.find((x) => x.id === ruleset)?.armies ?? []))
  }, [ruleset])
  // The army's historical enemies (those loaded) first, then every army of the ruleset.
  const { enemies, value: chosenList } = useEnemiesFirst(lists, armyEnemies, enemyList)

  // What the sheet is made of; a preview or a save of other choices is stale.
  const vs = kind !== 'qrs' ? [] : against === 'roster' && opponent ? [opponent] : against === 'list' && chosenList ? [{ army: chosenList }] : []
  const waiting = kind === 'qrs' && against === 'roster' && !opponent
  const proxies = kind === 'roster' && markProxies
  const key = JSON.stringify([kind, paper, vs, proxies])

  return {
    kind,
    setKind,
    paper,
    setPaper,
    against,
    setAgainst,
    markProxies,
    setMarkProxies,
    opponent,
    setOpponent,
    rivals,
    lists,
    enemies,
    chosenList,
    setEnemyList,
    vs,
    waiting,
    proxies,
    key
  }
}
