// The app's commands: the main process's menu (New, Library, Armies, Reload, Export, Print, Undo,
// Redo, the theme) and the keyboard shortcuts (new roster, the screen's search).
import { useCallback, useEffect, useState, type RefObject } from 'react'
import type { Command } from '../../src-main/ipc/contract'
import { api } from '../api'
import { shortcut } from '../shortcuts'
import type { Screen, Unload } from './app-navigation'
import { redo, undo } from './editor'
import { playMenu } from './play'
import { applyTheme } from './theme'

export function useAppCommands(screen: Screen, screenRef: RefObject<Screen>, go: (next: Screen | Unload) => Promise<void>) {
  const [focusSearch, setFocusSearch] = useState(0)
  const [editorCommand, setEditorCommand] = useState<{ command: Command; n: number } | null>(null)

  const command = useCallback(
    (c: Command) => {
      if (c === 'new') void go('new')
      else if (c === 'library' || c === 'open' || c === 'import') void go('library')
      else if (c === 'armies') void go('armies')
      else if (c === 'reload') void go('reload')
      else if (c === 'export' || c === 'print') setEditorCommand((prev) => ({ command: c, n: (prev?.n ?? 0) + 1 }))
      else if (c === 'undo') (screenRef.current === 'play' && playMenu.undo ? playMenu.undo : undo)()
      else if (c === 'redo') redo()
      else if (c.startsWith('theme-')) applyTheme()
    },
    [go, screenRef]
  )

  useEffect(() => api().onCommand?.(command), [command])

  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      const s = shortcut(e)
      if (s === 'new') {
        e.preventDefault()
        void go('new')
      } else if (s === 'search' && screen === 'library') {
        e.preventDefault()
        setFocusSearch((n) => n + 1)
      } else if (s === 'search') {
        // The screen's own search (data-find): the editor's army list, the armies of New roster and Armies.
        const field = document.querySelector<HTMLInputElement>('main [data-find]')
        if (!field) return
        e.preventDefault()
        field.focus()
        field.select()
      }
    }
    window.addEventListener('keydown', keys)
    return () => window.removeEventListener('keydown', keys)
  }, [screen, go])

  return { focusSearch, editorCommand }
}
