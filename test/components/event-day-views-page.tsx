// A test page for the event day's projector view and result-slip reader, bundled with esbuild by
// test/e2e/event-day-views.test.ts and served with the app's CSP: the components as the event-day
// screen mounts them, on the app's own styles, the theme chosen as App.tsx chooses it.
import { createRoot } from 'react-dom/client'
import type { EventDayState } from '../../src-main/ipc/contract'
import { ProjectorView } from '../../src-renderer/components/ProjectorView'
import { SlipReader } from '../../src-renderer/components/SlipReader'
import '../../src-renderer/styles.css'

declare global {
  interface Window {
    mountProjector(state: EventDayState, round: number): void
    mountReader(): void
    timesClosed: number
    codes: string[]
  }
}

const dark = matchMedia('(prefers-color-scheme: dark)')
const theme = () => (document.documentElement.dataset.theme = dark.matches ? 'dark' : 'light')
theme()
dark.addEventListener('change', theme)

const root = createRoot(document.getElementById('root')!)
const behind = (
  <main>
    <h1>Event day</h1>
    <button>Show on the projector</button>
  </main>
)
root.render(behind)
window.timesClosed = 0
window.codes = []
window.mountProjector = (state, round) =>
  root.render(
    <ProjectorView
      state={state}
      round={round}
      onClose={() => {
        window.timesClosed++
        root.render(behind)
      }}
    />
  )
window.mountReader = () =>
  root.render(
    <SlipReader
      onCode={(code) => {
        window.codes.push(code)
        root.render(behind)
      }}
      onClose={() => {
        window.timesClosed++
        root.render(behind)
      }}
    />
  )
