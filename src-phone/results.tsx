// An event's results page (results.html): served by Muster's results server (services/event-results.ts)
// under its secret path, on the venue's network. The game page's base styles, its own layout.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ResultsApp } from './ResultsApp'
import { followTheme } from './theme'
import '../src-renderer/colours.css'
import './phone.css'
import './results.css'

followTheme()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ResultsApp />
  </StrictMode>
)
