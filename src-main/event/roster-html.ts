// One player's list on the published event page (issue 41): the roster sheet's own words and numbers
// (export/roster-content.ts rosterSheet: facts, units with their count, details and points, battle
// cards, the total, the check code), as HTML. Every text escaped (report.ts esc). Pure.
import type { RosterSheet } from '../export/roster-content'
import { esc } from './report'

export interface ListArticle {
  /** The element id the standings and pairings link to. */
  anchor: string
  player: string
  armyTitle: string
  /** The sheet, or why Muster cannot show the roster (an army this Muster lacks). */
  sheet: RosterSheet | { unshown: string }
}

const SKIPPED_FACTS = new Set(['Player', 'Army', 'Points'])

function unitsTable(sheet: RosterSheet, player: string): string {
  const rows = sheet.units
    .map((u) => {
      const under = [...u.details, ...u.attributes].filter(Boolean).join(' \u00b7 ')
      return `<tr><td class="num">${esc(u.count)}</td><td><span class="unit">${esc(u.title)}</span>${under ? `<span class="under">${esc(under)}</span>` : ''}${u.notes ? `<span class="under">${esc(u.notes)}</span>` : ''}</td><td class="num">${esc(u.points)}</td></tr>`
    })
    .join('')
  const total = sheet.unitsTotal
  return `<div class="scroll" tabindex="0" role="region" aria-label="${esc(`${player}'s units`)}"><table class="units"><thead><tr><th scope="col" class="num">${esc(sheet.countLabel)}</th><th scope="col">Unit</th><th scope="col" class="num">Points</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><td class="num">${esc(total.count)}</td><td>${esc(total.label)}</td><td class="num">${esc(total.points)}</td></tr></tfoot></table></div>`
}

function cardsTable(sheet: RosterSheet, player: string): string {
  if (!sheet.cards.length) return ''
  const rows = sheet.cards
    .map(
      (c) =>
        `<tr><td><span class="unit">${esc(c.report.name)}</span><span class="under">${esc([c.takenOn, c.count].filter(Boolean).join(' \u00b7 '))}</span></td><td class="num">${esc(c.points)}</td></tr>`
    )
    .join('')
  return `<div class="scroll" tabindex="0" role="region" aria-label="${esc(`${player}'s battle cards`)}"><table class="units"><thead><tr><th scope="col">Battle card</th><th scope="col" class="num">Points</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><td>${esc(sheet.cardsTotal.how)}</td><td class="num">${esc(sheet.cardsTotal.points)}</td></tr></tfoot></table></div>`
}

/** The list as an article headed by the player's name, its id the anchor the page links to. */
export function listArticle(a: ListArticle): string {
  const head = `<h3 id="${esc(a.anchor)}">${esc(a.player)}</h3>`
  if ('unshown' in a.sheet)
    return `<article class="list" aria-labelledby="${esc(a.anchor)}">${head}<p class="army">${esc(a.armyTitle)}</p><p class="note">${esc(a.sheet.unshown)}</p></article>`
  const s = a.sheet
  const facts = s.facts.filter(([k]) => !SKIPPED_FACTS.has(k))
  return `<article class="list" aria-labelledby="${esc(a.anchor)}">${head}
<p class="army"><strong>${esc(s.title !== s.armyName ? `${s.title}: ${s.armyName}` : s.armyName)}</strong> \u00b7 ${esc(s.points)} \u00b7 ${esc(s.verdict.text)}</p>
${facts.length ? `<dl class="facts">${facts.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>` : ''}
${unitsTable(s, a.player)}${cardsTable(s, a.player)}
${s.notes ? `<p class="notes">${esc(s.notes)}</p>` : ''}<p class="code">Check code <code>${esc(s.checkCode)}</code> \u00b7 ${esc(s.rulesData)}</p>
<p class="back"><a href="#standings">Back to the standings</a></p></article>`
}
