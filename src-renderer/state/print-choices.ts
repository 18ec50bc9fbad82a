// The Print dialog's choices: what (roster sheet, unit cards, quick-reference sheet), the paper, the
// proxies marked, and the quick-reference sheet's opponent (a roster of the same ruleset from the
// library, or an army list, the army's historical enemies first). `key` names what the sheet is made of.
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { api } from '../api'
import { askedAfresh, queryClient } from '../query'
import { useEnemiesFirst } from '../components/EnemyListSelect'
import type { Paper, PrintKind } from '../../src-shared/print'

export type Against = 'none' | 'roster' | 'list'

export function usePrintChoices(id: string, ruleset: string, armyEnemies: string[] | undefined) {
  const [kind, setKind] = useState<PrintKind>('roster')
  const [paper, setPaper] = useState<Paper>(navigator.language === 'en-US' ? 'letter' : 'a4')
  const [against, setAgainst] = useState<Against>('none')
  const [markProxies, setMarkProxies] = useState(false)
  const [opponent, setOpponent] = useState('')
  const [enemyList, setEnemyList] = useState('')
  // Asked afresh each time the dialog opens, as the library and the lists may have changed since.
  const rivalsAsked = useQuery(
    { queryKey: ['listRosters', { ruleset, limit: 200 }], queryFn: () => api().listRosters({ ruleset, limit: 200 }), ...askedAfresh },
    queryClient
  ).data
  const rivals = useMemo(() => (rivalsAsked?.ok ? rivalsAsked.value.rows.filter((x) => x.id !== id) : []), [rivalsAsked, id])
  const rulesets = useQuery({ queryKey: ['listRulesets'], queryFn: () => api().listRulesets(), ...askedAfresh }, queryClient).data
  const lists = useMemo(() => (rulesets?.ok ? (rulesets.value.find((x) => x.id === ruleset)?.armies ?? []) : []), [rulesets, ruleset])
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
