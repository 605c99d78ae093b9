/**
 * Lesson video files: the type from the bytes and the duration from the container (no ffprobe
 * on the machine), on the bundled demo clips and on MP4 files built box by box.
 */
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEMO_MEDIA_DIR } from '../../server/src/services/lessonMedia.ts'
import { bufferReader, detectVideoType, readVideoInfo, videoFileInfo, wholeSeconds } from '../../server/src/services/videoFiles.ts'

function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((sum, part) => sum + part.length, 0)
  const out = new Uint8Array(size)
  new DataView(out.buffer).setUint32(0, size)
  out.set(new TextEncoder().encode(type), 4)
  let at = 8
  for (const part of payload) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** A movie header of version 0 or 1 with its timescale and duration. */
function mvhd(version: 0 | 1, timescale: number, duration: number): Uint8Array {
  const body = new Uint8Array(version === 1 ? 32 : 20)
  const view = new DataView(body.buffer)
  body[0] = version
  if (version === 1) {
    view.setUint32(20, timescale)
    view.setBigUint64(24, BigInt(duration))
  } else {
    view.setUint32(12, timescale)
    view.setUint32(16, duration)
  }
  return box('mvhd', body)
}

const ftyp = (brand = 'isom') => box('ftyp', new TextEncoder().encode(`${brand}\0\0\0\0isomavc1`))
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]))
const info = (bytes: Uint8Array) => readVideoInfo(bufferReader(bytes), bytes.length)

describe('lesson video files', () => {
  it.each(['lesson-a', 'lesson-b', 'lesson-c', 'recording-a'])('reads the bundled clip %s: WebM, 24 s', async (name) => {
    const found = await videoFileInfo(join(DEMO_MEDIA_DIR, 'lessons', `${name}.webm`))
    expect(found).toMatchObject({ ext: 'webm', mime: 'video/webm' })
    expect(found!.durationSeconds).toBeCloseTo(24.008, 3)
    expect(wholeSeconds(found!.durationSeconds)).toBe(24)
  })

  it('reads the movie header of an MP4, wherever the movie box sits and in either version', async () => {
    const mdat = box('mdat', new Uint8Array(300))
    expect(await info(concat(ftyp(), box('moov', mvhd(0, 1000, 7500)), mdat))).toEqual({
      ext: 'mp4',
      mime: 'video/mp4',
      durationSeconds: 7.5
    })
    // The movie box after the media data (what an encoder writes without "faststart").
    expect(await info(concat(ftyp(), mdat, box('moov', box('trak'), mvhd(1, 90_000, 90_000 * 125))))).toEqual({
      ext: 'mp4',
      mime: 'video/mp4',
      durationSeconds: 125
    })
  })

  it('refuses what is no WebM or MP4, a QuickTime movie, a truncated file and one without a stated duration', async () => {
    const clip = readFileSync(join(DEMO_MEDIA_DIR, 'lessons', 'lesson-a.webm'))
    expect(await info(new TextEncoder().encode('%PDF-1.7 not a video at all'))).toBeNull()
    expect(await info(concat(ftyp('qt  '), box('moov', mvhd(0, 600, 6000))))).toBeNull()
    expect(await info(concat(ftyp(), box('moov', mvhd(0, 1000, 0))))).toBeNull()
    expect(await info(concat(ftyp(), box('mdat', new Uint8Array(40))))).toBeNull()
    expect(await info(new Uint8Array(clip.subarray(0, 30)))).toBeNull()
    expect(detectVideoType(new Uint8Array(clip.subarray(0, 12)))).toEqual({ ext: 'webm', mime: 'video/webm' })
  })

  it('never throws on random or damaged bytes', async () => {
    const clip = new Uint8Array(readFileSync(join(DEMO_MEDIA_DIR, 'lessons', 'lesson-b.webm')).subarray(0, 400))
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.nat(399),
        fc.uint8Array({ minLength: 1, maxLength: 8 }),
        async (random, at, patch) => {
          const damaged = clip.slice()
          damaged.set(patch.subarray(0, damaged.length - at), at)
          for (const bytes of [random, damaged, concat(ftyp(), random)]) {
            const found = await info(bytes)
            if (found) expect(found.durationSeconds).toBeGreaterThan(0)
          }
        }
      ),
      { numRuns: 300 }
    )
  })
})
