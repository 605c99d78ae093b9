import { Button, Checkbox, Radio, RadioGroup, Spinner, Tab, TabList } from '@fluentui/react-components'
import { CheckmarkCircle20Filled, DismissCircle20Filled } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useStores } from '../../stores/StoreContext.tsx'
import { useLessonStyles } from './lessonStyles.ts'
import type { QuizMode, QuizStore } from './stores/QuizStore.ts'
import { quizStoreOf } from './stores/learningStores.ts'

/** A lesson's quiz: the questions (all, or one at a time), then the score, corrections and explanations, and a retry. */
export const QuizPlayer = observer(function QuizPlayer({ quizId }: { quizId: number }) {
  const root = useStores()
  const store = quizStoreOf(root, quizId)
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')

  useEffect(() => {
    void store.load()
  }, [store])

  const quiz = store.quiz.data
  if (!quiz) {
    return store.quiz.failed ? (
      <div className={styles.info} role="alert">
        <p>{t('section.failed')}</p>
        <Button onClick={() => void store.quiz.reload()}>{t('section.retry')}</Button>
      </div>
    ) : (
      <Spinner size="small" label={t('section.loading')} />
    )
  }
  const shown = store.mode === 'all' ? store.questions : store.questions.slice(store.index, store.index + 1)
  const result = store.result
  return (
    <section className={styles.info} aria-labelledby="quiz-title" data-testid="quiz">
      <h2 id="quiz-title" className={styles.sideTitle}>
        <bdi>{quiz.title}</bdi>
      </h2>
      {quiz.best ? (
        <p className={styles.watched} data-testid="quiz-best">
          {t('quiz.best', { score: quiz.best.score, total: quiz.best.total, percent: quiz.best.percent })}
        </p>
      ) : null}
      <TabList
        selectedValue={store.mode}
        onTabSelect={(_, data) => store.setMode(data.value as QuizMode)}
        aria-label={t('quiz.modeLabel')}
        size="small"
      >
        <Tab value="all">{t('quiz.all')}</Tab>
        <Tab value="one" data-testid="quiz-one-at-a-time">
          {t('quiz.one')}
        </Tab>
      </TabList>
      {result ? (
        <p className={styles.done} role="status" data-testid="quiz-score" data-score={result.score} data-total={result.total}>
          {t('quiz.score', { score: result.score, total: result.total, percent: result.percent })}
        </p>
      ) : null}
      <ol className={styles.quizList} start={store.mode === 'one' ? store.index + 1 : 1}>
        {shown.map((question) => (
          <Question
            key={question.id}
            store={store}
            question={question}
            number={store.questions.indexOf(question) + 1}
            total={store.questions.length}
          />
        ))}
      </ol>
      <div className={styles.barGroup}>
        {store.mode === 'one' ? (
          <>
            <Button onClick={() => store.go(store.index - 1)} disabled={store.index === 0}>
              {t('quiz.previous')}
            </Button>
            <Button onClick={() => store.go(store.index + 1)} disabled={store.index >= store.questions.length - 1} data-testid="quiz-next">
              {t('quiz.next')}
            </Button>
          </>
        ) : null}
        {result ? (
          <Button appearance="primary" onClick={store.retry} data-testid="quiz-retry">
            {t('quiz.retry')}
          </Button>
        ) : (
          <Button
            appearance="primary"
            onClick={() => void store.submit()}
            disabled={store.answered === 0 || store.submitting}
            data-testid="quiz-submit"
          >
            {store.submitting ? t('quiz.submitting') : t('quiz.submit')}
          </Button>
        )}
        <span className={styles.watched}>{t('quiz.answered', { answered: store.answered, total: store.questions.length })}</span>
      </div>
      {store.failed ? (
        <p role="alert" className={styles.watched}>
          {t('quiz.failed')}
        </p>
      ) : null}
    </section>
  )
})

const Question = observer(function Question({
  store,
  question,
  number,
  total
}: {
  store: QuizStore
  question: QuizStore['questions'][number]
  number: number
  total: number
}) {
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const correction = store.correctionOf(question.id)
  const labelId = `quiz-question-${question.id}`
  const locked = store.result !== null || store.submitting
  const chosen = store.chosen.get(question.id) ?? []
  return (
    <li className={styles.quizQuestion} data-testid="quiz-question" data-correct={correction ? String(correction.correct) : undefined}>
      <p id={labelId} className={styles.quizText}>
        <span className={styles.watched}>{t('quiz.questionOf', { number, total })} </span>
        <bdi>{question.text}</bdi>
        {question.multiple ? <span className={styles.watched}> — {t('quiz.multiple')}</span> : null}
      </p>
      {question.multiple ? (
        <div role="group" aria-labelledby={labelId} className={styles.quizOptions}>
          {question.options.map((option) => (
            <Checkbox
              key={option.id}
              label={<bdi>{option.text}</bdi>}
              checked={chosen.includes(option.id)}
              disabled={locked}
              onChange={() => store.choose(question.id, option.id)}
              data-testid="quiz-option"
            />
          ))}
        </div>
      ) : (
        <RadioGroup
          aria-labelledby={labelId}
          value={chosen[0] !== undefined ? String(chosen[0]) : ''}
          disabled={locked}
          onChange={(_, data) => store.choose(question.id, Number(data.value))}
          className={styles.quizOptions}
        >
          {question.options.map((option) => (
            <Radio key={option.id} value={String(option.id)} label={<bdi>{option.text}</bdi>} data-testid="quiz-option" />
          ))}
        </RadioGroup>
      )}
      {correction ? (
        <div className={styles.quizCorrection} data-testid="quiz-correction">
          <span className={correction.correct ? styles.done : styles.wrong}>
            {correction.correct ? <CheckmarkCircle20Filled aria-hidden /> : <DismissCircle20Filled aria-hidden />}
            {correction.correct ? t('quiz.right') : t('quiz.wrong')}
          </span>
          {correction.correct ? null : (
            <span>
              {t('quiz.rightAnswer')}{' '}
              <bdi>
                {question.options
                  .filter((option) => correction.correct_option_ids.includes(option.id))
                  .map((option) => option.text)
                  .join(' ; ')}
              </bdi>
            </span>
          )}
          {correction.explanation ? (
            <span>
              <strong>{t('quiz.explanation')}</strong> <bdi>{correction.explanation}</bdi>
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  )
})
