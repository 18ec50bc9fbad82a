// The roster's notes (part of the roster, undoable) and its library tags (saved with the library row
// when the player leaves the field or presses Enter; a failure says so and keeps the text).
import { useEffect, useState } from 'react'
import type { RosterDocument } from '../../src-main/ipc/contract'
import { api } from '../api'
import { setRosterField } from '../state/edits'
import styles from './RosterNotes.module.css'
import { ErrorLine } from './ErrorLine'

export function RosterNotes({
  id,
  doc,
  edit
}: {
  id: string
  doc: RosterDocument
  edit: (change: (d: RosterDocument) => RosterDocument, field?: string) => void
}) {
  const [tagsText, setTagsText] = useState('')
  const [tagsError, setTagsError] = useState('')

  useEffect(() => {
    void api()
      .getRoster(id)
      .then((r) => r.ok && setTagsText(r.value.row.tags.join(', ')))
  }, [id])

  async function saveTags() {
    const tags = [
      ...new Set(
        tagsText
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      )
    ]
    const r = await api().setTags(id, tags)
    if (r.ok) {
      setTagsText(r.value.tags.join(', '))
      setTagsError('')
    } else setTagsError(`Tags not saved: ${r.error.message}. Press Enter to try again.`)
  }

  return (
    <>
      <label className={styles.notes}>
        Notes
        <textarea
          id="roster-notes"
          value={typeof doc.notes === 'string' ? doc.notes : ''}
          onChange={(e) => edit((d) => setRosterField(d, 'notes', e.target.value), 'roster:notes')}
          rows={3}
        />
      </label>
      <label className={styles.notes}>
        Tags (comma-separated, for finding the roster in the library)
        <input
          id="roster-tags"
          value={tagsText}
          onChange={(e) => setTagsText(e.target.value)}
          onBlur={() => void saveTags()}
          onKeyDown={(e) => e.key === 'Enter' && void saveTags()}
          placeholder="e.g. Salute 2026, club"
          aria-invalid={tagsError !== ''}
        />
      </label>
      <ErrorLine error={tagsError} />
    </>
  )
}
