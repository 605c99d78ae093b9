import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lazyComponent } from '../../../../src/renderer/src/lib/lazyComponent.ts'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

const inSuspense = (element: React.ReactElement) => renderToString(<Suspense fallback={<i>loading</i>}>{element}</Suspense>)

function Loading() {
  return <i>loading</i>
}

describe('lazyComponent', () => {
  it('shows its placeholder until its code is loaded, then renders it at once with its props', async () => {
    let loads = 0
    const Lazy = lazyComponent(async () => {
      loads += 1
      return Greeting
    }, Loading)
    expect(inSuspense(<Lazy name="Amira" />)).toContain('loading')
    await Lazy.preload()
    expect(inSuspense(<Lazy name="Amira" />)).toBe('<!--$--><p>Hello <!-- -->Amira</p><!--/$-->')
    await Lazy.preload()
    expect(loads).toBe(1)
  })

  it('never suspends: without a placeholder it shows nothing until its code is in', () => {
    const Lazy = lazyComponent(async () => Greeting)
    // Inside a Suspense boundary, the boundary's own fallback is not used.
    expect(inSuspense(<Lazy name="Amira" />)).toBe('<!--$--><!--/$-->')
  })

  it('loads nothing before it is rendered or preloaded', () => {
    let loads = 0
    lazyComponent(async () => {
      loads += 1
      return Greeting
    })
    expect(loads).toBe(0)
  })

  it('asks for the code again after a failed load', async () => {
    let attempt = 0
    const Lazy = lazyComponent(async () => {
      attempt += 1
      if (attempt === 1) throw new Error('chunk failed')
      return Greeting
    })
    await expect(Lazy.preload()).rejects.toThrow('chunk failed')
    await Lazy.preload()
    expect(attempt).toBe(2)
    expect(inSuspense(<Lazy name="Youssef" />)).toContain('Hello <!-- -->Youssef')
  })
})
