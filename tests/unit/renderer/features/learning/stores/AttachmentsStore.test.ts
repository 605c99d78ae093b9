import { describe, expect, it } from 'vitest'
import { AttachmentsStore, type AttachmentFile } from '../../../../../../src/renderer/src/features/learning/stores/AttachmentsStore.ts'
import { shortAttachmentName } from '../../../../../../src/shared/rules/attachments.ts'

const file: AttachmentFile = {
  id: 3,
  name: 'Fiche de révision des complexes.pdf',
  url: 'http://api.test/api/media/attachments/3?u=1&expires=1&signature=a',
  size: 6
}

function respond(status: number, chunks: string[], headers: Record<string, string> = {}): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      controller.close()
    }
  })
  return new Response(status === 200 ? stream : null, { status, headers })
}

function setup(answers: Response[], renewed: AttachmentFile[] = []) {
  const saved: Array<{ text: Promise<string>; name: string }> = []
  const asked: string[] = []
  let renewals = 0
  const store = new AttachmentsStore({
    fetch: (url) => {
      asked.push(url)
      return Promise.resolve(answers.shift()!)
    },
    save: (blob, name) => saved.push({ text: blob.text(), name }),
    renew: () => {
      renewals++
      return Promise.resolve(renewed)
    }
  })
  return { store, saved, asked, renewals: () => renewals }
}

describe('the lesson’s attachments', () => {
  it('shows 15 characters of a long name', () => {
    expect(shortAttachmentName('Fiche de révision des complexes.pdf')).toBe('Fiche de révisi…')
    expect(shortAttachmentName('Cours.pdf')).toBe('Cours.pdf')
  })

  it('downloads the bytes and saves them under the file’s name', async () => {
    const { store, saved } = setup([respond(200, ['abc', 'def'], { 'content-length': '6' })])
    await store.download(file)
    expect(store.stateOf(3)).toEqual({ status: 'done' })
    expect(saved.map((entry) => entry.name)).toEqual([file.name])
    expect(await saved[0]!.text).toBe('abcdef')
  })

  it('a download cut short saves nothing and offers a retry', async () => {
    const { store, saved } = setup([respond(200, ['abc'], { 'content-length': '6' }), respond(200, ['abcdef'], { 'content-length': '6' })])
    await store.download(file)
    expect(store.stateOf(3)).toEqual({ status: 'failed' })
    expect(saved).toEqual([])
    await store.download(file)
    expect(store.stateOf(3)).toEqual({ status: 'done' })
  })

  it('an address expired on the way is renewed once by asking the lesson again', async () => {
    const fresh = { ...file, url: 'http://api.test/api/media/attachments/3?u=1&expires=2&signature=b' }
    const { store, asked, renewals } = setup([respond(403, []), respond(200, ['abcdef'], { 'content-length': '6' })], [fresh])
    await store.download(file)
    expect(renewals()).toBe(1)
    expect(asked).toEqual([file.url, fresh.url])
    expect(store.stateOf(3)).toEqual({ status: 'done' })
  })

  it('does nothing for a file the pupil may not download', async () => {
    const { store, asked } = setup([])
    await store.download({ ...file, url: null })
    expect(asked).toEqual([])
    expect(store.stateOf(3)).toEqual({ status: 'idle' })
  })
})
