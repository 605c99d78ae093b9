import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from './bridge.ts'

contextBridge.exposeInMainWorld('darsi', createBridge(ipcRenderer))
