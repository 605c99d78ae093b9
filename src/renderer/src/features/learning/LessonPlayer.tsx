import { Button, FluentProvider, Select, Slider, Spinner } from '@fluentui/react-components'
import { FullScreenMaximize20Regular, FullScreenMinimize20Regular, Pause20Filled, Play20Filled } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PLAYBACK_RATES } from '../../../../shared/api/learning.ts'
import { clockTime } from '../../lib/durationText.ts'
import { SEEK_STEP_SECONDS, type PlayerStore } from './stores/PlayerStore.ts'
import { useLessonStyles } from './lessonStyles.ts'

/** Renewals of the video's signed address one minute allows (a broken file must not loop). */
const RENEWALS_PER_MINUTE = 3

interface Props {
  player: PlayerStore
  name: string
  /** The video's signed address (renewed by asking the lesson again). */
  url: string
  /** Asks for a fresh signed address (the old one expired: the server answers 403). */
  renew: () => Promise<void>
}

/**
 * The lesson's video with its controls (part 2, §2): play/pause, seek, speed 0.5–2 (remembered),
 * full screen, the keyboard (space, arrows, F). The bar reads left to right in every language,
 * as a timeline does. Every event of the video goes to the player store, which reports it.
 */
export const LessonPlayer = observer(function LessonPlayer({ player, name, url, renew }: Props) {
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const video = useRef<HTMLVideoElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const speedId = useId()
  const keysId = useId()
  const [failed, setFailed] = useState(false)
  const [waiting, setWaiting] = useState(true)
  /** Where to go once the (new) address has loaded, and whether to play on. */
  // Where the player starts: the pupil's resume point on any device, which the store already shows.
  const restore = useRef<{ position: number; play: boolean }>({ position: player.position, play: false })
  const renewals = useRef<number[]>([])
  const previousUrl = useRef(url)

  useEffect(() => {
    const element = video.current
    player.attach(element ? { pause: () => element.pause() } : null)
    return () => player.attach(null)
  }, [player])

  // A renewed address: the video loads again and goes back where it was.
  useEffect(() => {
    if (previousUrl.current === url) return
    previousUrl.current = url
    const element = video.current
    if (element) restore.current = { position: player.position, play: restore.current.play || !element.paused }
  }, [url, player])

  useEffect(() => {
    const onChange = () => player.setFullscreen(document.fullscreenElement === frame.current && frame.current !== null)
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [player])

  useEffect(() => {
    if (video.current) video.current.playbackRate = player.rate
  }, [player.rate])

  const toggle = () => {
    const element = video.current
    if (!element || player.expired) return
    if (element.paused) void element.play().catch(() => undefined)
    else element.pause()
  }
  const seekTo = (position: number) => {
    const element = video.current
    if (!element) return
    const target = Math.min(Math.max(0, position), Number.isFinite(element.duration) ? element.duration : player.duration)
    // Not loaded yet: the move must outlast the resume point applied once the video loads.
    if (element.readyState < HTMLMediaElement.HAVE_METADATA) player.movedEarly(target)
    element.currentTime = target
  }
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
    else void frame.current?.requestFullscreen().catch(() => undefined)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    // A button takes space itself; the speed list and the position slider take the arrows.
    const ownsSpace = target.closest('button, select, input, [role="slider"]') !== null
    const ownsArrows = target.closest('select, input, [role="slider"]') !== null
    if (event.key === ' ' && !ownsSpace) {
      event.preventDefault()
      toggle()
    } else if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && !ownsArrows) {
      event.preventDefault()
      seekTo(player.position + (event.key === 'ArrowRight' ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS))
    } else if (
      (event.key === 'f' || event.key === 'F') &&
      target.tagName !== 'SELECT' &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault()
      toggleFullscreen()
    }
  }
  const onError = () => {
    const element = video.current
    const now = Date.now()
    renewals.current = renewals.current.filter((at) => at > now - 60_000)
    // An expired address answers 403: ask the lesson again for a fresh one, and go on from here.
    if (renewals.current.length < RENEWALS_PER_MINUTE) {
      renewals.current.push(now)
      restore.current = { position: player.position, play: restore.current.play || (element ? !element.paused : false) }
      void renew().catch(() => setFailed(true))
      return
    }
    setFailed(true)
  }

  const duration = player.duration
  return (
    <div
      ref={frame}
      className={styles.player}
      data-testid="lesson-player"
      data-playing={player.playing}
      data-rate={player.rate}
      role="region"
      aria-label={t('player.label', { name })}
      aria-describedby={keysId}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <video
        ref={video}
        className={styles.video}
        src={url}
        preload="auto"
        playsInline
        tabIndex={-1}
        data-testid="lesson-video"
        onClick={toggle}
        onLoadedMetadata={(event) => {
          const element = event.currentTarget
          player.durationKnown(element.duration)
          element.playbackRate = player.rate
          const { play } = restore.current
          const position = player.loadedAt(restore.current.position)
          restore.current = { position: 0, play: false }
          if (position > 0) element.currentTime = position
          // The store showed the resume point (or the pupil's early move) while loading: now the video's own.
          if (player.position !== position) player.timeUpdated(position)
          setFailed(false)
          if (play) void element.play().catch(() => undefined)
        }}
        onCanPlay={() => setWaiting(false)}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => setWaiting(false)}
        onPlay={(event) => player.played(event.currentTarget.currentTime)}
        onPause={(event) => player.paused(event.currentTarget.currentTime)}
        onTimeUpdate={(event) => player.timeUpdated(event.currentTarget.currentTime)}
        onSeeking={(event) => player.seeking(event.currentTarget.currentTime)}
        onRateChange={(event) => player.setRate(event.currentTarget.playbackRate)}
        onError={onError}
      />
      {waiting && !failed ? <Spinner className={styles.videoSpinner} size="medium" aria-hidden /> : null}
      {failed ? (
        <div className={styles.videoFailed} role="alert">
          <span>{t('player.failed')}</span>
          <Button
            onClick={() => {
              renewals.current = []
              setFailed(false)
              void renew().catch(() => setFailed(true))
            }}
          >
            {t('player.retry')}
          </Button>
        </div>
      ) : null}
      {/* The timeline reads left to right in every language: its own direction for Fluent's slider too. */}
      <FluentProvider dir="ltr" className={styles.controls} data-testid="player-controls">
        <Button
          appearance="subtle"
          className={styles.controlButton}
          icon={player.playing ? <Pause20Filled /> : <Play20Filled />}
          aria-label={player.playing ? t('player.pause') : t('player.play')}
          onClick={toggle}
          disabled={player.expired}
          data-testid="player-toggle"
        />
        <span
          className={styles.time}
          data-testid="player-time"
          aria-label={t('player.time', { position: clockTime(player.position), duration: clockTime(duration) })}
        >
          {clockTime(player.position)} / {clockTime(duration)}
        </span>
        <Slider
          className={styles.seek}
          min={0}
          max={Math.max(1, Math.ceil(duration))}
          value={Math.min(Math.floor(player.position), Math.ceil(duration))}
          onChange={(_, data) => seekTo(data.value)}
          aria-label={t('player.seek')}
          aria-valuetext={t('player.time', { position: clockTime(player.position), duration: clockTime(duration) })}
          data-testid="player-seek"
        />
        <label htmlFor={speedId} className={styles.speedLabel}>
          {t('player.speed')}
        </label>
        <Select
          id={speedId}
          className={styles.speed}
          size="small"
          value={String(player.rate)}
          onChange={(_, data) => player.setRate(Number(data.value))}
          data-testid="player-speed"
        >
          {PLAYBACK_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {`${rate}×`}
            </option>
          ))}
        </Select>
        <Button
          appearance="subtle"
          className={styles.controlButton}
          icon={player.fullscreen ? <FullScreenMinimize20Regular /> : <FullScreenMaximize20Regular />}
          aria-label={player.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
          onClick={toggleFullscreen}
          data-testid="player-fullscreen"
        />
      </FluentProvider>
      <span id={keysId} hidden>
        {t('player.keys')}
      </span>
      {player.connected ? null : (
        <p className={styles.offline} role="status" data-testid="player-offline">
          {t('player.offline')}
        </p>
      )}
    </div>
  )
})
