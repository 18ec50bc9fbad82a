// The Event screen's check, for organisers: the profile drafted, the submissions chosen (the main
// process reads them afresh at each check), the previous report to compare with, the last check's
// report, the proposed pairings, the list book and judges' copy, and a submission opened in the
// library (once: opening it again opens that copy).
import { useState } from 'react'
import type { EventFile, EventReport, EventRow, PairReport, RulesetSummary } from '../../src-main/ipc/contract'
import { resubmissionSummary } from '../../src-shared/resubmissions'
import { fileStem } from '../../src-shared/text'
import { api } from '../api'
import { blankDraft, toProfile, type Draft } from '../components/EventProfileForm'

/** An optional last argument left off when unset: over IPC an `undefined` would not pass the contract's check. */
const optional = <T>(v: T | null | undefined): [T] | [] => (v ? [v] : [])

export function useEventCheck(rulesets: RulesetSummary[], onOpen: (id: string) => void) {
  const [draft, setDraft] = useState<Draft>(blankDraft(rulesets[0]?.id ?? ''))
  /** The submissions chosen: where they are (the main process reads them at each check) and the names the report gives them. */
  const [files, setFiles] = useState<EventFile[]>([])
  // Kept for the session's re-checks (new files, a changed profile) until cleared.
  const [previous, setPrevious] = useState<EventFile | null>(null)
  /** The last check's answer, with the previous report it was compared with (the book is made with the same). */
  const [result, setResult] = useState<{ report: EventReport; html: string; csv: string; previous: EventFile | null } | null>(null)
  const [error, setError] = useState('')
  /** The pairings proposed for the files and profile of the last check (gone with a new check). */
  const [pairing, setPairing] = useState<{ report: PairReport; csv: string } | null>(null)
  async function propose() {
    setError('')
    const r = await api().eventPairing(toProfile(draft), files)
    if (!r.ok) return setError(r.error.message)
    setPairing(r.value)
  }
  async function book(judges: boolean) {
    const r = await api().eventBook(toProfile(draft), files, judges, ...optional(result?.previous))
    if (!r.ok) return setError(r.error.message)
    // The book stays in the main process, which shows the save dialog and writes it.
    const saved = await api().savePdf(r.value.key, `${slug}-${judges ? 'judges' : 'list-book'}.pdf`)
    if (!saved.ok) setError(saved.error.message)
  }
  // A submission opened once is in the library; opening it again opens that copy.
  const [opened, setOpened] = useState<Record<string, string>>({})
  /** The main process shows its open dialog (files, or a folder whose .json files it lists); each check reads them afresh. */
  async function pick(what: 'files' | 'folder') {
    const r = await api().pickEventFiles(what)
    if (!r.ok) return setError(r.error.message)
    if (!r.value) return
    setError('')
    setFiles(r.value)
    setResult(null)
    setPairing(null)
    setOpened({})
  }

  async function run() {
    setError('')
    const r = await api().checkEventFiles(toProfile(draft), files, ...optional(previous))
    // On a refusal (a bad profile or previous report) the last table goes: it is not this check's.
    setResult(r.ok ? { ...r.value, previous } : null)
    setPairing(null)
    if (!r.ok) setError(r.error.message)
  }

  async function open(row: EventRow) {
    const file = files.find((f) => f.name === row.file)
    if (!file) return
    if (opened[file.name]) return onOpen(opened[file.name])
    // main reads it again from where it is, as a library import
    const r = await api().importRosterFiles([file.path])
    const made = r.ok ? r.value?.imported[0] : undefined
    if (made) {
      setOpened((o) => ({ ...o, [file.name]: made.id }))
      onOpen(made.id)
    } else setError(r.ok ? (r.value?.failed[0]?.reason ?? 'could not open it') : r.error.message)
  }

  const slug = fileStem(draft.name, 'event')
  const rows = result ? [...result.report.rows].sort((a, b) => Number(a.valid) - Number(b.valid) || Number(a.readable) - Number(b.readable)) : []
  const since = result?.previous ? resubmissionSummary(result.report.rows) : null

  return { draft, setDraft, files, previous, setPrevious, result, error, setError, pairing, setPairing, propose, book, pick, run, open, slug, rows, since }
}
