// The renderer's typed client of the IPC contract: window.muster, as the preload exposes it.
import type { MusterApi } from '../../src-main/ipc/contract'

declare global {
  interface Window {
    muster: MusterApi
  }
}

export const api = (): MusterApi => window.muster
