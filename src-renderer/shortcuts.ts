// Keyboard shortcuts, the same on every platform (Cmd on macOS, Ctrl elsewhere).
export type Shortcut = 'undo' | 'redo' | 'new' | 'search' | null

export function shortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): Shortcut {
  if (!(e.ctrlKey || e.metaKey)) return null
  const key = e.key.toLowerCase()
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo'
  if (key === 'y') return 'redo'
  if (key === 'n') return 'new'
  if (key === 'f') return 'search'
  return null
}
