// Quick add: items typed or pasted one a line ("12 Gallic warriors as" a troop type), each read by
// the main process as it is typed (services/collection-lines.ts, as `muster collection add-lines`
// reads them): what it understood, or what is wrong. Add puts every line in as one change.
import { useEffect, useId, useState } from 'react'
import type { LineReading, RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { countOf } from '../format'
import type { DetailsById } from './collection-words'
import styles from '../screens/CollectionScreen.module.css'
import { NamedOptions } from './NamedOptions'
import { ErrorLine } from './ErrorLine'

/** How long typing pauses before the lines are read again (ms). */
const READ_AFTER = 150

interface Props {
  rulesets: RulesetSummary[]
  details: DetailsById
  busy: boolean
  /** Adds the lines' items as one change; answers why not, in words, or null once added. */
  onAdd: (text: string, ruleset: string) => Promise<string | null>
}

export function QuickAddLines({ rulesets, details, busy, onAdd }: Props) {
  const [text, setText] = useState('')
  const [ruleset, setRuleset] = useState(rulesets[0]?.id ?? '')
  /** The lines as last read, with the text and ruleset they were read from. */
  const [read, setRead] = useState<{ text: string; ruleset: string; lines: LineReading[] } | null>(null)
  const [error, setError] = useState('')
  const id = useId()

  useEffect(() => {
    if (!text.trim()) return
    let live = true
    const timer = setTimeout(() => {
      void api()
        .readCollectionLines(text, ruleset)
        .then((r) => {
          if (!live) return
          if (r.ok) {
            setRead({ text, ruleset, lines: r.value })
            setError('')
          } else setError(r.error.message)
        })
    }, READ_AFTER)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [text, ruleset])

  // What was read of the text as it stands (none while a new reading is on its way).
  const lines = read && read.text === text && read.ruleset === ruleset && text.trim() ? read.lines : null
  const bad = lines?.filter((l) => !l.ok).length ?? 0
  const troops = details[ruleset]?.troops ?? []
  const example = troops.length > 1 ? `e.g. 8 ${troops[0].name}\n4 Veterans as ${troops[1].name}` : ''

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const why = await onAdd(text, ruleset)
    if (why) return setError(why)
    setError('')
    setText('')
    setRead(null)
  }

  return (
    <form className={`${styles.addItem} ${styles.quickAdd}`} noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Quick add</h3>
      <p className="muted small-text" id={`${id}-how`}>
        One item a line: how many, a name, &ldquo;as&rdquo; its troop type; &ldquo;in&rdquo; and a ruleset at the end for another ruleset. Paste many at once.
      </p>
      <div className="field">
        <label htmlFor={`${id}-lines`}>Items, one a line</label>
        {/* Soft wrap: a long line shows whole at 1366x768 rather than clipped; the text keeps its own line breaks. */}
        <textarea
          id={`${id}-lines`}
          value={text}
          rows={5}
          wrap="soft"
          spellCheck={false}
          placeholder={example}
          aria-describedby={`${id}-how`}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-ruleset`}>Lines with no ruleset are in</label>
        <select id={`${id}-ruleset`} value={ruleset} onChange={(e) => setRuleset(e.target.value)}>
          <NamedOptions items={rulesets} />
        </select>
      </div>
      {lines && lines.length > 0 && (
        <ol className={styles.quickAddRead} aria-label="What Muster read">
          {lines.map((l) => (
            <li key={l.line} className={l.ok ? 'ok' : 'bad'}>
              <span className={styles.quickAddMark} aria-hidden="true">
                {l.ok ? '✓' : '✗'}
              </span>
              <span>
                <span className="muted">Line {l.line}: </span>
                {l.ok ? l.said : <span className={styles.quickAddProblem}>{l.problem}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="muted small-text" role="status">
        {lines ? (bad ? `${countOf(bad, 'line')} of ${lines.length} to put right before adding.` : `${countOf(lines.length, 'item')} to add.`) : ''}
      </p>
      <button type="submit" className="primary" disabled={busy || !lines || lines.length === 0 || bad > 0}>
        {lines && lines.length > 0 && !bad ? `Add ${countOf(lines.length, 'item')}` : 'Add items'}
      </button>
      <ErrorLine error={error} />
    </form>
  )
}
