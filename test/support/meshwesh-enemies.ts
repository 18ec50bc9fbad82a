// Made-up enemies for the stand-in Meshwesh server: the fixtures hold no enemy data.
import type { Category, MeshweshJson } from './meshwesh-fixtures'

function rangesOf(list: MeshweshJson): Array<{ startDate: number; endDate: number }> {
  const ranges = Array.isArray(list.dateRanges)
    ? list.dateRanges.filter((r: MeshweshJson) => typeof r?.startDate === 'number' && typeof r?.endDate === 'number')
    : []
  if (ranges.length) return ranges
  const d = list.derivedData
  return typeof d?.listStartDate === 'number' && typeof d?.listEndDate === 'number' ? [{ startDate: d.listStartDate, endDate: d.listEndDate }] : []
}

function byListNumber(a: MeshweshJson, b: MeshweshJson): number {
  return (a.listId ?? 0) - (b.listId ?? 0) || String(a.sublistId ?? '').localeCompare(String(b.sublistId ?? '')) || String(a.id).localeCompare(String(b.id))
}
/**
 * TEST DATA, NOT HISTORY. The fixtures hold no enemy data, so this server makes up a deterministic,
 * symmetric cross-reference for `/armyLists/:id/enemyArmyLists`:
 * 1. B is a candidate enemy of A when B is another list, one of A's date ranges overlaps one of
 *    B's (ends included; derivedData's dates where a list has no dateRanges), and A and B share at
 *    least one thematic category;
 * 2. A picks its 6 nearest candidates by list number: |A.listId - B.listId|, then listId, sublistId, id;
 * 3. it is made symmetric: B is A's enemy when A picked B or B picked A (so a list can have more than 6);
 * 4. each list's enemies are in list-number order (listId, sublistId, id); every list has an entry.
 * `themesOf` gives a list's thematic categories.
 */
export function madeUpEnemies(lists: MeshweshJson[], themesOf: (id: string) => Category[]): Map<string, string[]> {
  const info = lists.map((list) => ({ list, id: String(list.id), ranges: rangesOf(list), themes: new Set(themesOf(String(list.id)).map((c) => c.id)) }))
  const enemies = new Map<string, Set<string>>(info.map((a) => [a.id, new Set<string>()]))
  for (const a of info) {
    const candidates = info.filter(
      (b) =>
        b.id !== a.id &&
        [...b.themes].some((t) => a.themes.has(t)) &&
        a.ranges.some((ra) => b.ranges.some((rb) => ra.startDate <= rb.endDate && rb.startDate <= ra.endDate))
    )
    candidates.sort(
      (x, y) => Math.abs((x.list.listId ?? 0) - (a.list.listId ?? 0)) - Math.abs((y.list.listId ?? 0) - (a.list.listId ?? 0)) || byListNumber(x.list, y.list)
    )
    for (const b of candidates.slice(0, 6)) {
      enemies.get(a.id)!.add(b.id)
      enemies.get(b.id)!.add(a.id)
    }
  }
  const byId = new Map(info.map((x) => [x.id, x.list]))
  return new Map([...enemies].map(([id, set]) => [id, [...set].sort((x, y) => byListNumber(byId.get(x), byId.get(y)))]))
}
