// The window's theme: one dark palette in the CSS ([data-theme=dark]), chosen by prefers-color-scheme.
import { useEffect } from 'react'

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false

/**
 * The OS setting, or the View menu's choice, which the main process applies (nativeTheme.themeSource)
 * and stores once, in its window state. The window keeps no copy of its own.
 */
export function applyTheme() {
  document.documentElement.dataset.theme = systemDark() ? 'dark' : 'light'
}

/** The theme applied now and again whenever the OS (or the View menu) changes it. */
export function useSystemTheme(): void {
  useEffect(() => {
    applyTheme()
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    media?.addEventListener('change', applyTheme)
    return () => media?.removeEventListener('change', applyTheme)
  }, [])
}
