// Dark or light as the phone is set, the way the app's window picks its palette (colours.css).
export function followTheme(): void {
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)')
  const theme = () => (document.documentElement.dataset.theme = dark?.matches ? 'dark' : 'light')
  theme()
  dark?.addEventListener?.('change', theme)
}
