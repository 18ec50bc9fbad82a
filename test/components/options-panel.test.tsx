// @vitest-environment jsdom
// The army list beside the roster (OptionsPanel) with the engine's own answer to "what can I add?":
// an allied contingent is offered on the same terms as a unit, greyed with its reason when it cannot
// be taken (at 48/48 its minimums would take the roster over the limit).
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OptionsPanel } from '../../src-renderer/components/OptionsPanel'
import { rulesHandlers } from '../../src-main/ipc/handlers'
import { solveArmy, type Roster, type RosterUnit } from '../../src-main/rules'
import { bundledEngine } from '../support/engine'

afterEach(cleanup)

const engine = bundledEngine()
const rules = rulesHandlers(engine)

async function panel(roster: Roster, taken: RosterUnit[][]) {
  const army = await rules.armyDetails(roster.ruleset, roster.army)
  const ruleset = await rules.rulesetDetails(roster.ruleset)
  return render(
    <OptionsPanel
      army={army}
      ruleset={ruleset}
      verdict={engine.check(roster)}
      answer={engine.options(roster)}
      stale={false}
      error={null}
      year={roster.year}
      onAdd={() => undefined}
      onTake={(units) => taken.push(units)}
    />
  )
}

describe('OptionsPanel: contingents on the same terms as units', () => {
  const solved = solveArmy(engine.ruleset('triumph')!, 'marian-roman-111a', { year: -100 })
  if (!solved.ok) throw new Error('no legal Marian Roman army')
  const full = solved.roster

  it('at 48/48 "+ Take Gallic auxiliaries" is disabled, its reason beside it, and a click takes nothing', async () => {
    expect(engine.check(full).points).toBe(48)
    const taken: RosterUnit[][] = []
    await panel(full, taken)
    const take = screen.getByRole('button', { name: /^Take Gallic auxiliaries: Gallic auxiliaries: its minimums/ })
    expect((take as HTMLButtonElement).disabled).toBe(true)
    expect(take.textContent).toBe('+ Take Gallic auxiliaries 9 points')
    expect(document.getElementById(take.getAttribute('aria-describedby')!)?.textContent).toBe('Its minimums cost 9 points; no points left.')
    fireEvent.click(take)
    expect(taken).toEqual([])
  })

  it('with room under the limit the same button is enabled and takes the minimums', async () => {
    const taken: RosterUnit[][] = []
    await panel({ ...full, pointsLimit: 60 }, taken)
    const take = screen.getByRole('button', { name: /^Take Gallic auxiliaries: Gallic auxiliaries: its minimums, 1 unit, 9 points/ })
    expect((take as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(take)
    expect(taken).toEqual([[{ troop: 'warriors', count: 3, option: 'gallic-auxiliaries.gallic-auxiliaries.warriors-or-light-foot' }]])
  })
})
