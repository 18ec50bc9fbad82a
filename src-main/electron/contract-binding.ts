// The IPC contract bound to ipcMain: one handler per channel, each answering only the app's own
// page, with the handlers of the context in force at the time of the call.
import type { IpcMain } from 'electron'
import { channelNames, channels } from '../ipc/contract'
import type { Dispatch } from '../ipc/handlers'
import { isTrustedSender, type RendererSource } from './app-security'

export function bindContract(ipcMain: IpcMain, source: RendererSource, dispatch: () => Dispatch): void {
  for (const channel of channels) {
    ipcMain.handle(channelNames[channel], (event, args: unknown) => {
      // Only the app's own page, in the window's top frame, may call the contract.
      const frame = event.senderFrame
      if (!frame || frame.parent !== null || !isTrustedSender(frame.url, source)) {
        return { ok: false, error: { code: 'forbidden', message: `${channel}: not called from Muster's own page` } }
      }
      return dispatch()(channel, args)
    })
  }
}
