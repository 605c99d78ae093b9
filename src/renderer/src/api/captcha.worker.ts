/// <reference lib="webworker" />
/** Solves the proof-of-work bot check off the page's thread. */
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'

self.onmessage = async (event: MessageEvent<Challenge>) => {
  try {
    const solution = await solveChallenge({ challenge: event.data, deriveKey, timeout: 30_000 })
    self.postMessage({ solution })
  } catch {
    self.postMessage({ solution: null })
  }
}
