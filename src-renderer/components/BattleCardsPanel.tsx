// Battle cards (rulesets whose army lists offer them): the cards the roster takes, with what each
// adds to the points, and the cards the army list offers, one click to take. A card named by an
// issue is marked like a unit. An offer the engine says cannot be taken (its part of the list, its
// years, its troops, the points left) is greyed with the reason, as a unit's is.
import { useEffect, useRef } from 'react'
import type { ArmyDetails, BattleCardSummary, CardOfferAnswer, RosterDocument, Verdict } from '../../src-main/ipc/contract'
import { countOf, formatPoints } from '../format'
import { Stepper } from './Stepper'
import type { Card } from '../state/edits'
import styles from './BattleCardsPanel.module.css'

export interface CardHandlers {
  add(card: Card): void
  remove(index: number): void
  /** A count typed in the field (a typing burst is one undo step). */
  count(index: number, count: number): void
  /** One more or fewer, with − or +. */
  step(index: number, delta: -1 | 1): void
}

type Offer = BattleCardSummary['offers'][number]

/** A taken card to bring into view and focus (an issue names it): its field, or its name. */
export interface CardReveal {
  index: number
  field?: string
  n: number
}

export function BattleCardsPanel({
  doc,
  army,
  verdict,
  on,
  reveal,
  offers
}: {
  doc: RosterDocument
  army: ArmyDetails
  verdict: Verdict | null
  on: CardHandlers
  reveal?: CardReveal | null
  /** The engine's answer for each offer (the options pass); absent while it is worked out. */ offers?: CardOfferAnswer[]
}) {
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => {
    if (!reveal) return
    const row = list.current?.querySelector<HTMLElement>(`[data-card="${reveal.index}"]`)
    row?.scrollIntoView({ block: 'center' })
    ;((reveal.field && row?.querySelector<HTMLElement>(`[data-field="${reveal.field}"]`)) || row?.querySelector<HTMLElement>('[data-field="card"]'))?.focus()
  }, [reveal])
  const taken = Array.isArray(doc.battleCards) ? (doc.battleCards as Card[]) : []
  const byCode = new Map(army.battleCards.map((c) => [c.code, c]))
  const reports = new Map((verdict?.cards ?? []).map((c) => [c.index, c]))
  const flagged = new Map<number, 'error' | 'warning'>()
  for (const i of verdict?.issues ?? []) {
    const m = /^\/battleCards\/(\d+)/.exec(i.path)
    if (m && flagged.get(Number(m[1])) !== 'error') flagged.set(Number(m[1]), i.severity)
  }
  const total = (verdict?.cards ?? []).reduce((s, c) => s + c.cost, 0)
  // Taken on an offer: where the engine resolved the card (its option may have been inferred), else where the roster names it.
  const isTaken = (code: string, offer: Offer) => taken.some((t, i) => t.card === code && (reports.get(i)?.option ?? t.option ?? null) === offer.option)
  const take = (card: BattleCardSummary, offer: Offer) => on.add({ card: card.code, ...(offer.option ? { option: offer.option } : {}) })

  return (
    <section className={styles.battleCards} aria-label="Battle cards" id="roster-battleCards" tabIndex={-1}>
      <h2>
        Battle cards <span className="muted">{taken.length ? countOf(total, 'point') : ''}</span>
      </h2>
      {taken.length === 0 ? (
        <p className="empty">No battle cards taken. Their points count toward the army's total.</p>
      ) : (
        <ol className={styles.cardList} ref={list}>
          {taken.map((t, index) => {
            const card = byCode.get(t.card)
            const report = reports.get(index)
            const name = card ? `${card.name} (${card.code})` : t.card
            const where = report?.optionName ?? (t.option ? t.option : 'Army')
            const count = typeof t.count === 'number' ? t.count : 1
            const flag = flagged.get(index)
            return (
              <li
                key={`${t.card}-${t.option ?? ''}-${index}`}
                className={[styles.takenCard, 'roster-card', flag ? `has-${flag}` : ''].join(' ')}
                data-card={index}
                aria-label={`Battle card ${index + 1}, ${name}`}
              >
                <span className={styles.cardName} data-field="card" tabIndex={-1}>
                  {name}
                </span>
                <span className="card-on muted">{where}</span>
                {card?.counts ? (
                  <Stepper
                    label={name}
                    value={count}
                    unit={card.counts === 'stands' ? 'stand' : 'card'}
                    onChange={(n) => on.count(index, n)}
                    onStep={(d) => on.step(index, d)}
                  />
                ) : (
                  <span />
                )}
                <span className="unit-cost" title="points">
                  {report ? formatPoints(report.cost) : ''}
                </span>
                <button onClick={() => on.remove(index)} aria-label={`Remove battle card ${name}`} title="Remove">
                  ✕
                </button>
              </li>
            )
          })}
        </ol>
      )}
      {army.battleCards.length > 0 && (
        <div className={styles.cardOffers}>
          <h3>Cards the {army.name} list offers</h3>
          <ul>
            {army.battleCards.flatMap((card) =>
              card.offers.map((offer) => {
                const already = isTaken(card.code, offer)
                const where = offer.optionName ?? 'Army'
                const barred = already ? undefined : offers?.find((o) => o.card === card.code && o.option === offer.option)?.reason
                const why = `card-why-${card.code}-${offer.option ?? 'army'}`
                return (
                  <li key={`${card.code}-${offer.option ?? ''}`} className={barred ? `${styles.cardOffer} barred` : styles.cardOffer}>
                    <button
                      className="add-troop"
                      disabled={already || barred !== undefined}
                      onClick={() => take(card, offer)}
                      aria-label={`Take ${card.name} (${where})`}
                      aria-describedby={barred ? why : undefined}
                      title={already ? 'Already taken: set its count instead' : (barred ?? card.description ?? `Take ${card.name}`)}
                    >
                      + {card.name}
                    </button>
                    <span className="muted">
                      {where}
                      {offer.note ? ` · ${offer.note}` : ''}
                      {offer.max !== null ? ` · at most ${offer.max}` : ''}
                      {barred && (
                        <span className={styles.offerReason} id={why}>
                          {barred}
                        </span>
                      )}
                    </span>
                    <span className={styles.cardCost}>{card.costText}</span>
                  </li>
                )
              })
            )}
          </ul>
        </div>
      )}
    </section>
  )
}
