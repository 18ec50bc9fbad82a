// The Print dialog's sheet: made again (saved edits first) once the choices settle, kept as the
// preview, and Save PDF saving exactly the file previewed (the main process keeps its bytes, shows the
// save dialog and writes them: savePdf). A sheet of other choices than the latest is never shown.
import { useEffect, useRef, useState } from 'react'
import { api } from '../api'
import { savedFirst } from './autosave'
import type { usePrintChoices } from './print-choices'

/** Choices settle for this long before the sheet is made again (typing through a list, clicking along). */
const SETTLE_MS = 250

/** A sheet made: the choices it was made for, its bytes (the preview's), and the main side's key for saving exactly them. */
type Made = { key: string; fileName: string; bytes: Uint8Array; pdfKey: string; checkCode: string }

export function usePrintSheet(id: string, choices: Pick<ReturnType<typeof usePrintChoices>, 'kind' | 'paper' | 'vs' | 'proxies' | 'waiting' | 'key'>) {
  const { kind, paper, vs, proxies, waiting, key } = choices
  const [state, setState] = useState<{ busy: boolean; message: string; failed?: boolean }>({ busy: false, message: '' })
  const [made, setMade] = useState<Made | null>(null)
  const latest = useRef(key)
  useEffect(() => {
    latest.current = key
  }, [key])

  /**
   * The sheet for the current choices, saved edits first, kept as the preview; null when it cannot be
   * made (and why, unless the choices changed meanwhile: a newer sheet is on its way).
   */
  async function makeSheet(): Promise<Made | null> {
    const madeFor = key
    const fail = (message: string) => {
      if (latest.current === madeFor) setState({ busy: false, message, failed: true })
      return null
    }
    const unsaved = await savedFirst(id)
    if (unsaved) return fail(unsaved)
    const r = proxies ? await api().exportPdf(id, kind, paper, null, { markProxies: true }) : await api().exportPdf(id, kind, paper, ...vs)
    if (!r.ok) return fail(r.error.message)
    const sheet = { key: madeFor, fileName: r.value.fileName, bytes: r.value.pdf, pdfKey: r.value.key, checkCode: r.value.checkCode }
    if (latest.current === madeFor) setMade(sheet)
    return sheet
  }

  // The preview follows the choices once they settle; a sheet made clears a failure the last one reported.
  useEffect(() => {
    if (waiting) return
    const timer = setTimeout(() => {
      void makeSheet().then((m) => m && latest.current === m.key && setState((s) => (s.failed ? { busy: false, message: '' } : s)))
    }, SETTLE_MS)
    return () => clearTimeout(timer)
    // makeSheet reads the choices the key names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, waiting])

  async function save() {
    setState({ busy: true, message: 'Making the PDF…' })
    const sheet = made?.key === key ? made : await makeSheet()
    if (!sheet) return setState((s) => (s.busy ? { busy: false, message: 'The PDF could not be made.', failed: true } : s))
    // The main side shows the save dialog and writes the very bytes previewed.
    const r = await api().savePdf(sheet.pdfKey)
    if (!r.ok) return setState({ busy: false, message: r.error.message, failed: true })
    if (!r.value.saved) return setState({ busy: false, message: '' })
    setState({ busy: false, message: `Saved ${r.value.path} (check code ${sheet.checkCode})` })
  }

  const current = made?.key === key ? made : null
  return { state, made, current, save }
}
