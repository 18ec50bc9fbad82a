// Exposes exactly the IPC contract as window.muster, nothing more (sandboxed preload).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { channelNames, COMMAND_CHANNEL, COMMANDS, type Channel, type Command, type MusterBridge } from '../ipc/contract'

const calls = Object.fromEntries((Object.keys(channelNames) as Channel[]).map((channel) => [channel, (...args: unknown[]) => ipcRenderer.invoke(channelNames[channel], args)]))

const bridge = {
  ...calls,
  onCommand(listener: (command: Command) => void) {
    const handler = (_event: IpcRendererEvent, command: unknown) => {
      if (typeof command === 'string' && (COMMANDS as readonly string[]).includes(command)) listener(command as Command)
    }
    ipcRenderer.on(COMMAND_CHANNEL, handler)
    return () => ipcRenderer.removeListener(COMMAND_CHANNEL, handler)
  }
} as unknown as MusterBridge

contextBridge.exposeInMainWorld('muster', bridge)
