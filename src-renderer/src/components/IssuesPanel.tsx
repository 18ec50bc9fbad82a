// Every issue of the verdict; clicking one selects the unit (or field) it names.
import type { Issue } from '../../../src-main/rules/types'
import { countOf } from '../format'

export function unitIndexOf(path: string): number | null {
  const m = /^\/units\/(\d+)/.exec(path)
  return m ? Number(m[1]) : null
}

export function IssuesPanel({ issues, onSelect }: { issues: Issue[]; onSelect: (issue: Issue) => void }) {
  const errors = issues.filter((i) => i.severity === 'error').length
  return (
    <section className="issues-panel" aria-label="Validation">
      <h3>
        {issues.length === 0 ? 'No issues' : `${countOf(errors, 'error')}, ${countOf(issues.length - errors, 'warning')}`}
      </h3>
      <ul className="issues">
        {issues.map((i, n) => (
          <li key={`${i.code}${i.path}${n}`} className={i.severity}>
            <button className="issue" onClick={() => onSelect(i)} title={`${i.rule} · ${i.path || 'roster'}`}>
              <span className="sev">{i.severity}</span> {i.message}
              {i.hint && <span className="hint"> {i.hint}</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
