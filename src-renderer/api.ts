// The renderer's typed client of the IPC contract: window.muster, as the preload exposes it.
import type { MusterBridge } from '../src-main/ipc/contract'

declare global {
  interface Window {
    muster: MusterBridge
  }
}

export const api = (): MusterBridge => window.muster
