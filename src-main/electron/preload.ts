// Exposes exactly the IPC contract as window.muster, nothing more (sandboxed preload). It imports
// channel names only (channels.ts), so the bundle carries no schema code; the type of what it
// exposes is checked against the contract (satisfies MusterBridge).
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import { byChannel, COMMAND_CHANNEL, COMMANDS, type Command } from '../ipc/channels'
import type { MusterBridge } from '../ipc/contract'

const bridge = {
  // Each call forwards its arguments as one array; the main process checks them against the contract.
  ...byChannel(
    (_channel, ipcChannel) =>
      (...args: unknown[]) =>
        ipcRenderer.invoke(ipcChannel, args)
  ),
  onCommand(listener: (command: Command) => void) {
    const handler = (_event: IpcRendererEvent, command: unknown) => {
      if (typeof command === 'string' && (COMMANDS as readonly string[]).includes(command)) listener(command as Command)
    }
    ipcRenderer.on(COMMAND_CHANNEL, handler)
    return () => ipcRenderer.removeListener(COMMAND_CHANNEL, handler)
  },
  // A file dropped on the window: its path, which the renderer sends to main to read ('' for one not on disk).
  pathForFile(file: File) {
    return webUtils.getPathForFile(file)
  }
} satisfies MusterBridge

contextBridge.exposeInMainWorld('muster', bridge)
