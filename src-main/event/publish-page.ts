// The event published as one self-contained HTML page (issue 41): its name and date, the standings
// (each player linked to their list), every round's pairings with results and why, and each player's
// list. Inline style (publish-style.ts), no script, nothing fetched; every text escaped (report.ts
// esc). Pure: the service (services/event-day-print.ts) gives the model and the lists.
import { countOf } from '../../src-shared/words'
import type { RoundRecord } from './day-types'
import { fromWhere, resultWords, roundsDone, scoreWords, standingLines, type DaySheetModel, type SheetPlayer } from './day-sheet-model'
import { esc } from './report'
import { RECORD_NOTE } from './standings-report'
import { listArticle, type ListArticle } from './roster-html'
import { PUBLISH_CSS } from './publish-style'

export interface PublishInput {
  model: DaySheetModel
  /** Each player's list, in the order the page shows them, by player id. */
  lists: Map<string, ListArticle>
  plannedRounds?: number
  /** When the page was made (an ISO date), for its footer. */
  publishedOn: string
}

/** The id a player's list has on the page: what the standings and tables link to. */
export const listAnchor = (playerId: string): string => `list-${playerId}`

function nameLink(p: SheetPlayer, lists: PublishInput['lists']): string {
  return lists.has(p.id) ? `<a href="#${esc(listAnchor(p.id))}">${esc(p.name)}</a>` : esc(p.name)
}

function standingsSection(input: PublishInput): string {
  const { tiebreakLabels, lines } = standingLines(input.model)
  if (!lines.length) return `<section aria-labelledby="standings"><h2 id="standings">Standings</h2><p class="note">No player has played yet.</p></section>`
  const head = ['Rank', 'Player', 'Army', 'Score', 'W-D-L', ...tiebreakLabels]
  const numeric = (i: number) => i === 0 || i >= 3
  const rows = lines
    .map((l) => {
      const where = fromWhere(l.player)
      // The army in the player's cell too, shown there on a phone where its own column is left out.
      return `<tr><td class="num">${esc(l.rank)}</td><td class="player">${nameLink(l.player, input.lists)}${l.player.status === 'dropped' ? '<span class="tag">dropped</span>' : ''}${where ? `<span class="from">${esc(where)}</span>` : ''}<span class="from narrow-only">${esc(l.player.armyTitle)}</span></td><td class="army-col">${esc(l.player.armyTitle)}</td><td class="num score">${esc(l.score)}</td><td class="num">${esc(l.record)}</td>${l.tiebreaks.map((t) => `<td class="num">${esc(t)}</td>`).join('')}</tr>`
    })
    .join('\n')
  return `<section aria-labelledby="standings"><h2 id="standings">Standings</h2>
<p class="note">${esc(`${roundsDone(input.model, input.plannedRounds)[0].toUpperCase()}${roundsDone(input.model, input.plannedRounds).slice(1)}. ${RECORD_NOTE} Ties on score are broken by the columns after it, in order.`)}</p>
<div class="scroll" tabindex="0" role="region" aria-label="Standings table"><table class="standings"><thead><tr>${head.map((h, i) => `<th scope="col"${numeric(i) ? ' class="num"' : i === 2 ? ' class="army-col"' : ''}>${esc(h)}</th>`).join('')}</tr></thead><tbody>
${rows}
</tbody></table></div></section>`
}

function tableCard(t: RoundRecord['tables'][number], input: PublishInput): string {
  const who = (id: string) => input.model.players.get(id) ?? { id, name: id, armyTitle: '', status: 'active' as const }
  const winner = t.result && t.result.winner !== null ? t.players[t.result.winner] : undefined
  const seat = (id: string) =>
    `<p class="seat">${nameLink(who(id), input.lists)}${winner === id ? ' <span class="won">won</span>' : ''} <span class="army">${esc(who(id).armyTitle)}</span></p>`
  const score = scoreWords(t)
  const result = resultWords(t, (id) => who(id).name)
  return `<li><p class="tno"><b>Table ${t.table}</b>${t.players.length === 1 ? ' \u00b7 bye' : ''}</p>${seat(t.players[0])}${t.players.length === 2 ? seat(t.players[1]) : ''}${t.players.length === 2 ? `<p class="res">${esc(`${result[0].toUpperCase()}${result.slice(1)}${score ? ` ${score}` : ''}`)}</p>` : ''}<p class="why">${esc(t.why)}</p></li>`
}

function roundsSection(input: PublishInput): string {
  const rounds = [...input.model.rounds].reverse()
  const body = rounds.length
    ? rounds
        .map((r) => {
          const played = r.tables.filter((t) => t.players.length === 2)
          const open = played.filter((t) => !t.result).length
          return `<section aria-labelledby="round-${r.round}"><h3 id="round-${r.round}">Round ${r.round}</h3><p class="note">${esc(`${countOf(played.length, 'table')}${played.length < r.tables.length ? ' and a bye' : ''}${open ? `, ${open} without a result yet` : ''}`)}</p><ol class="tables">${r.tables.map((t) => tableCard(t, input)).join('')}</ol></section>`
        })
        .join('\n')
    : '<p class="note">No round is paired yet.</p>'
  return `<section aria-labelledby="rounds"><h2 id="rounds">Rounds</h2>${body}</section>`
}

/** The page: every text the players wrote escaped, no script, no link off the page. */
export function publishPage(input: PublishInput): string {
  const { model } = input
  const meta = [model.date, model.rulesetName, countOf(input.lists.size, 'player'), countOf(model.rounds.length, 'round')].filter(Boolean).join(' \u00b7 ')
  const lists = [...input.lists.values()].map(listArticle).join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<title>${esc(model.name)}</title>
<style>${PUBLISH_CSS}</style>
</head><body>
<header><h1>${esc(model.name)}</h1><p class="meta">${esc(meta)}</p>
<nav aria-label="On this page"><ul><li><a href="#standings">Standings</a></li><li><a href="#rounds">Rounds</a></li><li><a href="#lists">Players' lists</a></li></ul></nav></header>
<main>
${standingsSection(input)}
${roundsSection(input)}
<section aria-labelledby="lists"><h2 id="lists">Players' lists</h2>${lists ? `<div class="lists">${lists}</div>` : '<p class="note">No list yet.</p>'}</section>
</main>
<footer><p>Published with Muster on ${esc(input.publishedOn)}.</p></footer>
</body></html>
`
}
