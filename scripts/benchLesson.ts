/**
 * The lesson bars of issue 27, in Debian's Chromium through the e2e harness (the built renderer,
 * a real API with the demo data; the demo pupil):
 *
 *   P9 first frame  a click on a chapter row of the subject page → the lesson's video has its first
 *                   frame (`loadeddata`): p75 of 10, on the local API
 *   P9 seek         a 3-minute lesson (generated here with ffmpeg and uploaded through the operator
 *                   route) seeked to 90 % right after its metadata arrived, a point not buffered
 *                   yet → `playing`: p75 of 5, with how many targets were really unbuffered
 *   40 chapters     a subject of 40 chapters (made through the operator routes): a click on its
 *                   card → its chapter rows painted, at 4× CPU throttle, p75 of 10
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { launchApp, type AppHandle } from '../tests/e2e/harness.ts'
import { operator, signInStudent, STUDENT, toSubject } from './benchContent.ts'
import { interaction, type Report } from './benchUi.ts'

const BARS = { firstFrameMs: 1000, seekMs: 300, subjectRenderMs: 200 } as const

function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.75 * sorted.length) - 1)]!
}

/** Click on a chapter row → the video's first frame, timed in the page. */
async function clickToFirstFrame(page: Page, row: number): Promise<number> {
  return page.evaluate(async (row) => {
    const link = document.querySelectorAll<HTMLElement>('[data-testid="chapter-link"]')[row]
    if (!link) throw new Error('no chapter link')
    const started = performance.now()
    link.click()
    return new Promise<number>((resolve, reject) => {
      const deadline = started + 20_000
      const check = () => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="lesson-video"]')
        if (video && video.readyState >= 2) resolve(performance.now() - started)
        else if (performance.now() > deadline) reject(new Error('no first frame within 20 s'))
        else requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    })
  }, row)
}

/** The video seeked to 90 % as soon as its metadata is known → `playing`; and whether that point was buffered. */
async function seekToPlaying(page: Page): Promise<{ ms: number; buffered: boolean }> {
  return page.evaluate(async () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="lesson-video"]')
    if (!video) throw new Error('no video')
    if (video.readyState < 1) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }))
    video.muted = true
    await video.play()
    const target = video.duration * 0.9
    let buffered = false
    for (let index = 0; index < video.buffered.length; index++) {
      if (video.buffered.start(index) <= target && target < video.buffered.end(index)) buffered = true
    }
    const started = performance.now()
    const playing = new Promise<void>((resolve) => {
      const onTime = () => {
        if (!video.seeking && video.currentTime > target && !video.paused) {
          video.removeEventListener('timeupdate', onTime)
          resolve()
        }
      }
      video.addEventListener('timeupdate', onTime)
    })
    video.currentTime = target
    await playing
    const ms = performance.now() - started
    video.pause()
    return { ms, buffered }
  })
}

export async function benchLesson(report: Report): Promise<void> {
  const key = randomBytes(24).toString('hex')
  const work = mkdtempSync(join(tmpdir(), 'darsi-bench-lesson-'))
  let app: AppHandle | undefined
  try {
    app = await launchApp({ apiEnv: { DARSI_OPERATOR_KEY: key } })
    const { page } = app
    await signInStudent(page)

    // The bench's own content, made first (the subjects grid keeps its answer a minute): a subject
    // of 40 chapters, and when ffmpeg is here a 3-minute lesson.
    const big = await operator(app, key, '/subjects', { division: STUDENT.division, name: 'Quarante chapitres', visible: true })
    for (let index = 1; index <= 40; index++) {
      const chapter = await operator(app, key, '/chapters', {
        subject: big.id,
        name: `Chapitre ${index}`,
        section: `Partie ${Math.ceil(index / 8)}`,
        type: 'course',
        position: index
      })
      await operator(app, key, '/lessons', { chapter: chapter.id, name: `Leçon ${index}`, type: 2, free: false, rtl: false })
    }
    let longLesson: string | null = null
    try {
      const clip = join(work, 'long.webm')
      execFileSync('ffmpeg', [
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=640x360:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440',
        '-t',
        '180',
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '400k',
        '-g',
        '50',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-c:a',
        'libopus',
        '-b:a',
        '32k',
        clip
      ])
      const subject = await operator(app, key, '/subjects', { division: STUDENT.division, name: 'Banc d’essai vidéo', visible: true })
      const chapter = await operator(app, key, '/chapters', {
        subject: subject.id,
        name: 'Chapitre long',
        section: 'Essais',
        type: 'course'
      })
      const lesson = await operator(app, key, '/lessons', { chapter: chapter.id, name: 'Leçon longue', type: 2, free: true, rtl: false })
      const upload = await fetch(new URL(`/operator/lessons/${lesson.id}/video`, app.apiUrl), {
        method: 'POST',
        headers: { 'x-operator-key': key, 'content-type': 'application/octet-stream' },
        body: readFileSync(clip)
      })
      if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`)
      longLesson = 'Banc d’essai vidéo'
    } catch (error) {
      report.lines.push(
        String(error).includes('ENOENT')
          ? 'P9 seek: not measured (ffmpeg is not installed)'
          : `P9 seek: could not measure (${String(error).split('\n')[0]})`
      )
    }
    await page.reload()
    await page.getByTestId('nav-subjects').waitFor({ timeout: 30_000 })

    // P9: click → first frame, on the demo lessons of Mathématiques (opened by the pupil's offer).
    const firstFrames: number[] = []
    for (let round = 0; round < 10; round++) {
      await toSubject(page, 'Mathématiques')
      firstFrames.push(await clickToFirstFrame(page, round % 3))
    }
    const frameP75 = p75(firstFrames)
    report.figures.P9 = { firstFrameMs: firstFrames }
    report.lines.push(
      `P9 lesson click → first frame, p75 of 10: ${frameP75.toFixed(0)} ms (bar ${BARS.firstFrameMs}) ${frameP75 <= BARS.firstFrameMs ? 'ok' : 'OVER'}`
    )

    // P9: a seek to a point not buffered yet, on a 3-minute lesson.
    if (longLesson) {
      const seeks: { ms: number; buffered: boolean }[] = []
      for (let round = 0; round < 5; round++) {
        await toSubject(page, longLesson)
        await page.getByTestId('chapter-link').first().click()
        await page.getByTestId('lesson-video').waitFor({ timeout: 20_000 })
        seeks.push(await seekToPlaying(page))
      }
      const seekP75 = p75(seeks.map((seek) => seek.ms))
      report.figures.P9seek = seeks
      report.lines.push(
        `P9 seek to 90 % of a 3-minute lesson → playing, p75 of 5: ${seekP75.toFixed(0)} ms (bar ${BARS.seekMs}) ${seekP75 <= BARS.seekMs ? 'ok' : 'OVER'}; ` +
          `${seeks.filter((seek) => !seek.buffered).length} of 5 targets not buffered at the seek`
      )
    }

    // The subject of 40 chapters, rendered at 4× throttle.
    const cdp = await page.context().newCDPSession(page)
    const renders: number[] = []
    const answers: number[] = []
    for (let round = 0; round < 10; round++) {
      await page.getByTestId('nav-subjects').click()
      await page.getByTestId('subject-card').filter({ hasText: 'Quarante chapitres' }).waitFor({ timeout: 20_000 })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.evaluate(() => performance.clearResourceTimings())
      const ms = await interaction(
        page,
        `[data-testid="subject-card"] a[href="/subjects/${big.id}/details"]`,
        '[data-testid="chapter-row"][data-number="40"]'
      )
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      if (ms !== null) renders.push(ms)
      // Of which the chapters' answer (fetch start → last byte), as the page's resource timing saw it.
      const answer = await page.evaluate(() => {
        const entry = performance.getEntriesByType('resource').find((item) => /\/chapters(\?|$)/.test(item.name)) as
          PerformanceResourceTiming | undefined
        return entry ? entry.duration : null
      })
      if (answer !== null) answers.push(answer)
    }
    const rows = await page.getByTestId('chapter-row').count()
    const renderP75 = p75(renders)
    report.figures.subject40 = { renderMs: renders, answerMs: answers, rows }
    report.lines.push(
      `Subject of 40 chapters (${rows} rows shown), click → rows painted at 4× throttle, p75 of ${renders.length}: ` +
        `${renderP75.toFixed(0)} ms (bar ${BARS.subjectRenderMs}) ${renderP75 <= BARS.subjectRenderMs ? 'ok' : 'OVER'}, of which the API's answer p75 ${answers.length > 0 ? p75(answers).toFixed(0) : '-'} ms`
    )
  } catch (error) {
    report.lines.push(`P9 lesson: could not measure (${String(error).split('\n').slice(0, 3).join(' ')})`)
  } finally {
    await app?.close()
    rmSync(work, { recursive: true, force: true })
  }
}
