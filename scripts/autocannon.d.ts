/** The part of autocannon's API that scripts/bench.ts uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  type Options = {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    method?: string
  }
  type Result = {
    requests: { average: number; total: number }
    latency: { average: number; p50: number; p90: number; p99: number }
    non2xx: number
    errors: number
    timeouts: number
    duration: number
  }
  type Instance = EventEmitter & Promise<Result>
  function autocannon(options: Options): Instance
  export default autocannon
  export type { Instance, Options, Result }
}
