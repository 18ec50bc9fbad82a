// The editor's dialogs and file actions: History (restore a revision), Share, Print, Export, the
// menu's Print and Export commands, and the focus that lands on the army list's search at open.
import { useEffect, useRef, useState } from 'react'
import type { ArmyDetails, Command } from '../../src-main/ipc/contract'
import type { UnitView } from '../components/UnitList'
import { inOptionsPanel } from '../components/OptionsPanel'
import { api } from '../api'
import { download } from '../download'
import { pendingDocument, savedFirst } from './autosave'
import { useEditor } from './editor'
import { fileStem } from '../../src-shared/text'

export function useEditorCommands(id: string | null, army: ArmyDetails | null, command: { command: Command; n: number } | null | undefined) {
  const edit = useEditor((s) => s.edit)
  const [history, setHistory] = useState(false)
  const [sharing, setSharing] = useState(false)
  const [printing, setPrinting] = useState(false)

  // A roster opened (after Create, or from the library): the focus lands on the army list's search,
  // where building goes on; once per roster, so edits never move it.
  const focusedFor = useRef<string | null>(null)
  useEffect(() => {
    if (!id || !army || focusedFor.current === id) return
    focusedFor.current = id
    document.querySelector<HTMLElement>(inOptionsPanel('input[type="search"]'))?.focus({ preventScroll: true })
  }, [id, army])

  // A menu command acts once (n counts them), and only one given while this roster is open: Print
  // opens its dialog as the editor renders; Export saves a file, an effect.
  const [commandSeen, setCommandSeen] = useState(command?.n)
  if (command && command.n !== commandSeen) {
    setCommandSeen(command.n)
    if (command.command === 'print') setPrinting(true)
  }
  const commandAtOpen = useRef(command?.n)
  const exportLatest = useRef(exportFile)
  useEffect(() => {
    exportLatest.current = exportFile
  })
  useEffect(() => {
    if (command?.command === 'export' && command.n !== commandAtOpen.current) void exportLatest.current()
  }, [command])

  async function restore(revision: number) {
    if (!id) return
    const r = await api().getRoster(id, revision)
    if (r.ok) edit(() => r.value.document)
    setHistory(false)
  }

  async function exportFile() {
    if (!id) return
    const unsaved = await savedFirst(id)
    if (unsaved) {
      // The library cannot take the last change (yet): the roster as it is on screen, change and all, can still go to a file.
      const onScreen = pendingDocument(id)
      if (!onScreen) return window.alert(unsaved)
      if (!window.confirm(`${unsaved}\n\nExport the roster as it is on screen, with that change, to a file?`)) return
      const stem = fileStem(typeof onScreen.name === 'string' ? onScreen.name : '')
      return download(`${stem}.muster.json`, JSON.stringify(onScreen, null, 2) + '\n', 'application/json')
    }
    const r = await api().exportRoster(id)
    if (r.ok) download(r.value.fileName, r.value.text, 'application/json')
    else window.alert(`Not exported: ${r.error.message}`)
  }

  return { history, setHistory, sharing, setSharing, printing, setPrinting, restore, exportFile }
}

/** Compact or detailed unit rows, as the player last chose (kept on this machine). */
export function useUnitView() {
  const [view, setViewState] = useState<UnitView>(() => (localStorage.getItem('muster.unitView') === 'detailed' ? 'detailed' : 'compact'))
  const setView = (v: UnitView) => {
    setViewState(v)
    localStorage.setItem('muster.unitView', v)
  }
  return [view, setView] as const
}
