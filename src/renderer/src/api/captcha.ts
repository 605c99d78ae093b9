/**
 * The invisible bot check: fetch a challenge, solve it in a worker, and hand back the base64
 * JSON the server reads from `g-recaptcha-response`. No click, nothing shown.
 */
import type { Challenge, Solution } from 'altcha-lib'
import type { AccountsApi, CaptchaChallenge } from './accounts.ts'
import { ApiError } from './errors.ts'

export type CaptchaSolver = () => Promise<string>

function solveInWorker(challenge: Challenge): Promise<Solution | null> {
  return new Promise((resolve, reject) => {
    let worker: Worker
    try {
      worker = new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' })
    } catch (error) {
      reject(error instanceof Error ? error : new Error('worker'))
      return
    }
    worker.onmessage = (event: MessageEvent<{ solution: Solution | null }>) => {
      worker.terminate()
      resolve(event.data.solution)
    }
    worker.onerror = () => {
      worker.terminate()
      reject(new Error('captcha worker failed'))
    }
    worker.postMessage(challenge)
  })
}

/** Same work on the page's thread, for when workers are unavailable. */
async function solveHere(challenge: Challenge): Promise<Solution | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')])
  return solveChallenge({ challenge, deriveKey, timeout: 30_000 })
}

export function encodeCaptcha(challenge: CaptchaChallenge, solution: Solution): string {
  const json = JSON.stringify({ challenge, solution })
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
}

export function createCaptchaSolver(api: Pick<AccountsApi, 'captchaChallenge'>): CaptchaSolver {
  return async () => {
    const challenge = await api.captchaChallenge()
    let solution: Solution | null
    try {
      solution = await solveInWorker(challenge as Challenge)
    } catch {
      solution = await solveHere(challenge as Challenge)
    }
    if (!solution) throw new ApiError('captcha_failed', 'captcha')
    return encodeCaptcha(challenge, solution)
  }
}
