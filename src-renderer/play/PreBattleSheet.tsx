// The pre-battle sheet: both armies' facts side by side (the rules' preBattle rows), the notes (who is
// likelier to invade, the set-up roll...) and the turn sequence, all as the sheet gives them.
import type { PlaySheet } from '../../src-shared/play/types'
import sheetStyles from './play-sheet.module.css'
import play from './play.module.css'

export function PreBattleSheet({ sheet, headingLevel = 2 }: { sheet: PlaySheet; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as 'h2'
  const Sub = `h${headingLevel + 1}` as 'h3'
  const { rows, notes } = sheet.preBattle
  const steps = sheet.rules.turnSequence ?? []
  return (
    <section className={sheetStyles.playPrebattle} aria-labelledby="play-prebattle-title">
      <H id="play-prebattle-title">Before the battle</H>
      <p className={sheetStyles.playRuleset}>
        {sheet.ruleset.name} <span className="muted">(data {sheet.ruleset.dataVersion})</span>
      </p>
      {rows.length > 0 && (
        <div className={sheetStyles.playTableWrap}>
          <table className={sheetStyles.playFacts}>
            <thead>
              <tr>
                <td />
                {sheet.sides.map((s, i) => (
                  <th key={i} scope="col">
                    {s.name}
                    <span className={play.playArmy}>{s.army}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  <td>{r.values[0]}</td>
                  <td>{r.values[1]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {notes.length > 0 && (
        <ul className={sheetStyles.playNotes}>
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {steps.length > 0 && (
        <>
          <Sub>Turn sequence</Sub>
          <ol className={sheetStyles.playSequence}>
            {steps.map((s) => (
              <li key={s.label}>
                <strong>{s.label}</strong>
                {s.detail && <span>: {s.detail}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
