// Exposes exactly the IPC contract as window.muster, nothing more (sandboxed preload).
import { contextBridge, ipcRenderer } from 'electron'
import { channelNames, type Channel, type MusterApi } from './ipc/contract'

const api = Object.fromEntries(
  (Object.keys(channelNames) as Channel[]).map((channel) => [channel, (...args: unknown[]) => ipcRenderer.invoke(channelNames[channel], args)])
) as unknown as MusterApi

contextBridge.exposeInMainWorld('muster', api)
