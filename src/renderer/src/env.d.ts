/// <reference types="vite/client" />
import type { DarsiBridge } from '../../shared/ipc.ts'

declare global {
  interface Window {
    /** Exposed by the preload; absent when the page runs outside the desktop app. */
    readonly darsi?: DarsiBridge
  }
}

export {}
