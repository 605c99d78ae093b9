import { Button, ToggleButton } from '@fluentui/react-components'
import {
  ArrowDownload20Regular,
  ArrowLeft20Regular,
  ArrowRight20Regular,
  Bookmark20Filled,
  Bookmark20Regular,
  CheckmarkCircle16Filled,
  CheckmarkCircle20Filled,
  EmojiSad20Filled,
  EmojiSad20Regular,
  Heart20Filled,
  Heart20Regular,
  Flag20Regular,
  LockClosed16Regular,
  LockClosed20Regular
} from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { shortAttachmentName } from '../../../../shared/rules/attachments.ts'
import { DialogFrame } from '../../components/DialogFrame.tsx'
import { useLearningCatalogue } from '../../i18n/learningCatalogue.ts'
import { lazyComponent } from '../../lib/lazyComponent.ts'
import { countForm } from '../../lib/countForm.ts'
import { clockTime } from '../../lib/durationText.ts'
import { markInteractive } from '../../lib/performance.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { LessonPlayer } from './LessonPlayer.tsx'
import { loadReportDialog } from '../support/index.ts'
import { MagazineReader } from './MagazineReader.tsx'
import { PageOutcome } from './PageOutcome.tsx'
import { QuizPlayer } from './QuizPlayer.tsx'
import { ProgressMeter } from './ProgressMeter.tsx'
import { useLessonStyles } from './lessonStyles.ts'
import { emptyLessonText } from './stores/learningRules.ts'
import { courseLessonId, type LessonAddress, type LessonStore } from './stores/LessonStore.ts'
import { attachmentsOf, lessonActionsOf, lessonFiles, lessonStoreOf, magazineOf, startViewing } from './stores/learningStores.ts'
import type { LessonActionsStore, ShownReaction } from './stores/LessonActionsStore.ts'
import type { PlayerStore } from './stores/PlayerStore.ts'
import { useLearningStyles } from './styles.ts'

/** The lesson's address from either route shape: the slugs, or the course view's ids (the lesson's before its first hyphen). */
function useLessonAddress(): LessonAddress {
  const params = useParams()
  if (params.subject_id !== undefined) {
    return { subject: params.subject_id, chapter: params.chapter_id ?? '', content: courseLessonId(params.lesson_id ?? '') }
  }
  return { subject: params.subjectSlug ?? '', chapter: params.chapterSlug ?? '', content: params.lessonSlug ?? params.recordingSlug ?? '' }
}

/**
 * A lesson (part 2, §2 lesson view): its title, the breadcrumb back to the subject, the player,
 * the control bar (previous, next; bookmark, reactions and report come with their own work), the
 * info panel and the side list of the subject's lessons. A locked lesson shows the unlock prompt
 * to /offres; free hours used up, the modal whose closing goes to /offres.
 */
export const Component = observer(function LessonPage() {
  useLearningCatalogue()
  const root = useStores()
  const address = useLessonAddress()
  const store = lessonStoreOf(root, address)
  const styles = useLearningStyles()
  const { t } = useTranslation('learning')

  useEffect(() => {
    void store.enter().finally(markInteractive)
  }, [store])

  const lesson = store.data
  if (store.outcome !== null || store.pending || !lesson)
    return <PageOutcome outcome={store.outcome} retry={() => void store.retry()} testId="lesson" />
  return (
    <div className={styles.page} data-testid="lesson-page" data-lesson={lesson.content.id}>
      <div className={styles.main}>
        <Breadcrumb store={store} />
        <h1 className={styles.title} data-testid="lesson-title">
          <bdi>{lesson.content.name}</bdi>
        </h1>
        <Viewing key={lesson.content.id} store={store} />
        <ControlBar store={store} />
        <InfoPanel store={store} />
      </div>
      <aside className={styles.side} aria-label={t('lesson.listLabel')}>
        <SideList store={store} />
      </aside>
    </div>
  )
})

function Breadcrumb({ store }: { store: LessonStore }) {
  const styles = useLearningStyles()
  const { t, i18n } = useTranslation('learning')
  const lesson = store.data!
  const Arrow = i18n.dir() === 'rtl' ? ArrowRight20Regular : ArrowLeft20Regular
  return (
    <nav aria-label={t('lesson.breadcrumb')}>
      <Link to={store.subjectPath ?? '/subjects'} className={styles.breadcrumb} data-testid="lesson-back">
        <Arrow aria-hidden />
        <bdi>{lesson.subject.name}</bdi>
      </Link>
    </nav>
  )
}

/** The player, or the unlock prompt; one viewing per visit of the page (its ticks, its socket). */
const Viewing = observer(function Viewing({ store }: { store: LessonStore }) {
  const root = useStores()
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const [player, setPlayer] = useState<PlayerStore | null>(null)
  const video = store.video
  const playable = video !== null

  useEffect(() => {
    if (!playable) return
    const started = startViewing(root, store)
    setPlayer(started)
    return () => {
      started?.dispose()
      setPlayer(null)
    }
  }, [root, store, playable])

  if (store.locked) {
    return (
      <>
        <FreeHoursEnded store={store} />
        <section className={styles.locked} data-testid="lesson-locked" aria-labelledby="lesson-locked-title">
          <LockClosed20Regular className={styles.lockIcon} aria-hidden />
          <h2 id="lesson-locked-title" className={styles.sideTitle}>
            {t('lesson.lockedTitle')}
          </h2>
          <p>{t('lesson.lockedText')}</p>
          <Link to="/offres" className={styles.primaryLink} data-testid="lesson-unlock">
            {t('lesson.lockedAction')}
          </Link>
        </section>
      </>
    )
  }
  const quizId = store.data?.content_qcm_id ?? null
  if (quizId !== null) return <QuizPlayer quizId={quizId} />
  const magazine = magazineOf(root, store)
  if (magazine) return <MagazineReader store={magazine} name={store.data!.content.name} />
  if (!video) {
    return (
      <p className={styles.locked} data-testid="lesson-no-video">
        {t(emptyLessonText(store.data!.content.type.id))}
      </p>
    )
  }
  const url = root.session.apiAddress(video.url)
  if (!player || !url) return <div className={styles.player} style={{ aspectRatio: '16 / 9' }} />
  return (
    <>
      <LessonPlayer player={player} name={store.data!.content.name} url={url} renew={store.renew} />
      {store.data!.freeHours ? <p className={styles.watched}>{t('lesson.freeHours')}</p> : null}
    </>
  )
})

/** Free hours used up while watching (part 2, §8): a subscription is needed; closing goes to /offres. */
const FreeHoursEnded = observer(function FreeHoursEnded({ store }: { store: LessonStore }) {
  const { t } = useTranslation('learning')
  const navigate = useNavigate()
  return (
    <DialogFrame
      open={store.freeHoursEnded}
      modalType="alert"
      onClose={() => navigate('/offres')}
      testId="free-hours-ended"
      title={t('lesson.freeEndedTitle')}
      actions={
        <Button appearance="primary" onClick={() => navigate('/offres')} data-testid="free-hours-offers">
          {t('lesson.freeEndedAction')}
        </Button>
      }
    >
      {t('lesson.freeEndedText')}
    </DialogFrame>
  )
})

/** Previous and next lessons, and the completion mark (80 % of the video's seconds watched). */
const ControlBar = observer(function ControlBar({ store }: { store: LessonStore }) {
  const styles = useLessonStyles()
  const { t, i18n } = useTranslation('learning')
  const rtl = i18n.dir() === 'rtl'
  const progress = store.progress
  const Back = rtl ? ArrowRight20Regular : ArrowLeft20Regular
  const Forward = rtl ? ArrowLeft20Regular : ArrowRight20Regular
  return (
    <div className={styles.bar} data-testid="lesson-bar">
      <div className={styles.barGroup}>
        {store.previous ? (
          <Link to={store.previous.path} className={styles.navLink} data-testid="lesson-previous">
            <Back aria-hidden />
            {t('lesson.previous')}
          </Link>
        ) : null}
        {store.next ? (
          <Link to={store.next.path} className={styles.navLink} data-testid="lesson-next">
            {t('lesson.next')}
            <Forward aria-hidden />
          </Link>
        ) : null}
      </div>
      <LessonActions store={store} />
      <div className={styles.barGroup} role="status">
        {progress?.completed ? (
          <span className={styles.done} data-testid="lesson-completed">
            <CheckmarkCircle20Filled aria-hidden />
            {t('lesson.completed')}
          </span>
        ) : null}
        {progress && !store.locked ? (
          <span className={styles.watched} data-testid="lesson-watched" data-value={progress.percentage}>
            {t('lesson.watched', { value: progress.percentage })}
          </span>
        ) : null}
      </div>
    </div>
  )
})

/** The video-report dialog (the support area's), loaded when first opened. */
const ReportDialog = lazyComponent(loadReportDialog)

/**
 * The bookmark, love and sad with the interaction count, and the report (part 2, §2). Each control
 * is its own observer reading its own value, so a click re-renders that control (and the count)
 * only: not this group, the bar, the player or the side list.
 */
const LessonActions = observer(function LessonActions({ store }: { store: LessonStore }) {
  const root = useStores()
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const [reporting, setReporting] = useState(false)
  const actions: LessonActionsStore | null = lessonActionsOf(root, store)
  useEffect(() => {
    void actions?.load()
  }, [actions])
  if (!actions) return null
  return (
    <div className={styles.barGroup} role="group" aria-label={t('actions.label')} data-testid="lesson-actions">
      <BookmarkToggle actions={actions} />
      <ReactionToggle actions={actions} type="love" />
      <ReactionToggle actions={actions} type="sad" />
      <InteractionCount actions={actions} />
      <Button
        appearance="subtle"
        icon={<Flag20Regular />}
        onPointerEnter={() => void ReportDialog.preload()}
        onClick={() => (actions.warnIfLocked() ? undefined : setReporting(true))}
        data-testid="lesson-report"
      >
        {t('actions.report')}
      </Button>
      {reporting ? (
        <ReportDialog contentId={store.data!.content.id} lessonName={store.data!.content.name} open onClose={() => setReporting(false)} />
      ) : null}
    </div>
  )
})

const BookmarkToggle = observer(function BookmarkToggle({ actions }: { actions: LessonActionsStore }) {
  const { t } = useTranslation('learning')
  const bookmarked = actions.bookmarked
  return (
    <ToggleButton
      appearance="subtle"
      checked={bookmarked}
      icon={bookmarked ? <Bookmark20Filled /> : <Bookmark20Regular />}
      aria-label={bookmarked ? t('actions.unbookmark') : t('actions.bookmark')}
      onClick={actions.toggleBookmark}
      data-testid="lesson-bookmark"
    />
  )
})

const REACTION_ICONS = {
  love: { on: Heart20Filled, off: Heart20Regular },
  sad: { on: EmojiSad20Filled, off: EmojiSad20Regular }
} as const

const ReactionToggle = observer(function ReactionToggle({ actions, type }: { actions: LessonActionsStore; type: ShownReaction }) {
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const { pressed, count } = actions[type]
  const Icon = pressed ? REACTION_ICONS[type].on : REACTION_ICONS[type].off
  return (
    <ToggleButton
      appearance="subtle"
      className={styles.reaction}
      checked={pressed}
      icon={<Icon />}
      onClick={() => void actions.react(type)}
      data-testid={`lesson-${type}`}
    >
      <span className={styles.visuallyHidden}>{t(`actions.${type}`)}</span>
      <span aria-hidden>{count}</span>
    </ToggleButton>
  )
})

const InteractionCount = observer(function InteractionCount({ actions }: { actions: LessonActionsStore }) {
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const total = actions.total
  if (total === null) return null
  return (
    <span className={styles.watched} data-testid="lesson-interactions" data-total={total}>
      {t(`actions.interactions${countForm(total)}`, { count: total })}
    </span>
  )
})

/** The teacher, the chapter, the attachments (part 2, §2 info panel). */
const InfoPanel = observer(function InfoPanel({ store }: { store: LessonStore }) {
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const lesson = store.data!
  const instructor = lesson.content.instructor
  return (
    <section className={styles.info} data-testid="lesson-info" aria-label={t('lesson.chapter')}>
      <dl className={styles.infoList}>
        {instructor ? (
          <>
            <dt className={styles.infoTerm}>{t('lesson.instructor')}</dt>
            <dd className={styles.infoValue} data-testid="lesson-instructor">
              <bdi>
                {instructor.name} {instructor.last_name}
              </bdi>
            </dd>
          </>
        ) : null}
        <dt className={styles.infoTerm}>{t('lesson.chapter')}</dt>
        <dd className={styles.infoValue} data-testid="lesson-chapter">
          <bdi>{lesson.chapter.name}</bdi>
        </dd>
        <dt className={styles.infoTerm}>{t('lesson.attachments')}</dt>
        <dd className={styles.infoValue} data-testid="lesson-attachments">
          {lesson.attachments.length === 0 ? t('lesson.noAttachments') : <Attachments store={store} />}
        </dd>
      </dl>
    </section>
  )
})

/** Each file: its name (15 characters shown), its download with progress, a retry when it failed. */
const Attachments = observer(function Attachments({ store }: { store: LessonStore }) {
  const root = useStores()
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const downloads = attachmentsOf(root, store)
  if (!downloads) return null
  return (
    <ul className={styles.attachmentList}>
      {lessonFiles(root, store).map((file) => {
        const state = downloads.stateOf(file.id)
        return (
          <li key={file.id} className={styles.attachment} data-testid="attachment" data-state={state.status}>
            <span title={file.name} className={styles.lessonName}>
              <bdi>{shortAttachmentName(file.name)}</bdi>
            </span>
            {file.url === null ? (
              <span className={styles.watched}>{t('attachments.notIncluded')}</span>
            ) : state.status === 'downloading' ? (
              <ProgressMeter
                className={styles.attachmentProgress}
                value={(state.fraction ?? 0) * 100}
                aria-label={t('attachments.downloading', { name: file.name })}
              />
            ) : (
              <Button
                size="small"
                appearance={state.status === 'failed' ? 'primary' : 'secondary'}
                icon={<ArrowDownload20Regular />}
                onClick={() => void downloads.download(file)}
                aria-label={t(state.status === 'failed' ? 'attachments.retry' : 'attachments.download', { name: file.name })}
                data-testid="attachment-download"
              >
                {state.status === 'failed' ? t('attachments.retryShort') : t('attachments.downloadShort')}
              </Button>
            )}
            {state.status === 'failed' ? (
              <span role="alert" className={styles.watched}>
                {t('attachments.failed')}
              </span>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
})

/** The subject's lessons of this tab, by section and chapter: locked ones marked, finished ones ticked. */
const SideList = observer(function SideList({ store }: { store: LessonStore }) {
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  return (
    <div className={styles.side} data-testid="lesson-list">
      {store.sections.map((section) => (
        <section key={section.key} className={styles.sideSection}>
          <h2 className={styles.sideTitle}>
            <bdi>{section.name}</bdi>
          </h2>
          {section.chapters.map((chapter) => (
            <div key={chapter.id} className={styles.sideSection}>
              <h3 className={styles.sideChapter}>
                <bdi>{chapter.name}</bdi>
              </h3>
              <ul className={styles.lessonList}>
                {chapter.lessons.map((lesson) => (
                  <li key={lesson.id}>
                    <Link
                      to={lesson.path}
                      className={`${styles.lessonLink} ${lesson.current ? styles.lessonCurrent : ''}`}
                      aria-current={lesson.current ? 'page' : undefined}
                      data-testid="lesson-list-item"
                      data-completed={lesson.completed}
                      data-locked={lesson.locked}
                    >
                      {lesson.locked ? <LockClosed16Regular className={styles.lessonLock} aria-label={t('lesson.lockedLesson')} /> : null}
                      {lesson.completed ? (
                        <CheckmarkCircle16Filled className={styles.lessonDone} aria-label={t('lesson.completedLesson')} />
                      ) : null}
                      <span className={styles.lessonName}>
                        <bdi>{lesson.name}</bdi>
                      </span>
                      {lesson.duration ? <span className={styles.lessonMeta}>{clockTime(lesson.duration)}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  )
})
