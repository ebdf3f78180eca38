import { formatClock, manilaDayKey, PATHS, type QuizHome } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Chip } from '../../components/chip.tsx';
import { ReviewerPicker } from '../../components/reviewer-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { Skeleton, SkeletonGroup } from '../../components/skeleton.tsx';
import { majorLabel } from '../../components/track-choice.tsx';
import { countText, manilaShortDate } from '../../lib/format.ts';
import { withReviewer } from '../../lib/reviewer-param.ts';
import { studyModeHref } from '../../lib/study-links.ts';
import { useReviewerChoice } from '../../lib/use-reviewer-choice.ts';
import { quizHomeQueryKey, useQuizHome } from './api/get-quiz-home.ts';
import { useSetMajor } from './api/set-major.ts';
import { trackEvent } from './api/track-event.ts';
import { ExamDateCard } from './exam-date-card.tsx';
import { itemsText, minutesText } from './format.ts';
import { useKeepLitePool } from './keep-lite-pool.ts';
import { QuizHomeGate } from './quiz-home-gate.tsx';
import { TimerIcon } from './quiz-icons.tsx';
import { ReadinessCard } from './readiness-card.tsx';
import { ScoreHistory } from './score-history.tsx';
import { mockHref, TodayCard } from './today-card.tsx';
import { useUnfinishedLite } from './unfinished-lite.ts';
import { useCountdown } from './use-countdown.ts';
import './quiz.css';

/**
 * /quiz (docs/product.md#screens; issue 4 "Quiz home"), with the menu: pick one of the granted reviewers and a
 * subject, start a lite quiz or a mock exam, resume the unfinished mock, see the mock ratings
 * over time (issue 13 item 4), the weakest topics (each one tap from a lite quiz, its flash cards
 * or its notes: issue 13 item 5) and recent results. Sends `practice_page_open` once per visit (docs/product.md#analytics).
 */
export function QuizHomePage() {
  const reviewers = useReviewerChoice();
  const { reviewer } = reviewers;

  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    trackEvent('practice_page_open', { page_name: 'practice_page' });
  }, []);

  const home = useQuizHome(reviewer?.shorthand ?? null);
  useKeepLitePool(reviewer?.shorthand ?? null);

  return (
    <div className="page quiz-home">
      <header className="page__header">
        <h1 className="page__title">Quiz</h1>
      </header>
      {reviewer ? (
        <ReviewerPicker
          reviewers={reviewers.reviewers}
          value={reviewer}
          onChange={(shorthand) => reviewers.choose(shorthand)}
        />
      ) : null}

      <QuizHomeGate
        reviewers={reviewers}
        home={home}
        skeleton={<HomeSkeleton />}
        failure="We could not load your quizzes. Check your connection and try again."
      >
        {(data) => (
          // A new reviewer is a new home: its subject choice must not carry over.
          <HomeContent key={data.reviewer.shorthand} home={data} />
        )}
      </QuizHomeGate>
    </div>
  );
}

/**
 * The student's major for a track with majors (issue 12: LET Secondary): the mock's
 * Specialization part is drawn from it; changing it applies to the next mock.
 */
function MajorCard({
  reviewer,
  major,
}: {
  reviewer: string;
  major: NonNullable<QuizHome['major']>;
}) {
  const setMajor = useSetMajor(reviewer);
  const titleId = useId();
  return (
    <section className="card quiz-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="quiz-card__title">
        Your major
      </h2>
      <p className="muted">
        {major.current === null
          ? 'Choose your major: the mock exam’s Specialization part comes from it.'
          : 'The Specialization part of your next mock exam comes from it.'}
      </p>
      <SelectField
        label="Major"
        value={major.current ?? ''}
        disabled={setMajor.isPending}
        onChange={(value) => {
          if (value) setMajor.mutate(value);
        }}
      >
        {major.current === null ? (
          <option value="" disabled>
            Choose one
          </option>
        ) : null}
        {major.options.map((m) => (
          <option key={m.subjectId} value={m.subjectId}>
            {majorLabel(m.name)}
          </option>
        ))}
      </SelectField>
      {setMajor.isError ? (
        <p className="form-error" role="alert">
          We could not change your major. Check your connection and try again.
        </p>
      ) : null}
    </section>
  );
}

function HomeSkeleton() {
  return (
    <SkeletonGroup label="Loading your quizzes">
      <Skeleton size="card" />
      <Skeleton size="card" />
      <Skeleton size="item" />
    </SkeletonGroup>
  );
}

function HomeContent({ home }: { home: QuizHome }) {
  const [subject, setSubject] = useState('');
  const shorthand = home.reviewer.shorthand;
  const totalItems = home.subjects.reduce((sum, s) => sum + s.itemCount, 0);
  const liteHref = `/quiz/${shorthand}/lite${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  const today = manilaDayKey(new Date());

  return (
    <>
      {home.openMock ? <ResumeCard home={home} /> : null}
      <ResumeLiteCard reviewer={shorthand} />
      {/* Today's plan first: what to do now is the first thing a returning student looks for. */}
      {home.today ? (
        <TodayCard reviewer={shorthand} list={home.today} today={today} openMock={home.openMock} />
      ) : null}
      <ExamDateCard reviewer={shorthand} sitting={home.sitting} />
      {home.readiness ? (
        <ReadinessCard reviewer={shorthand} readiness={home.readiness} today={today} />
      ) : null}
      {home.major ? <MajorCard reviewer={shorthand} major={home.major} /> : null}

      <section className="card quiz-card" aria-labelledby="lite-title">
        <div className="quiz-card__head">
          <span className="quiz-card__badge quiz-card__badge--lite" aria-hidden="true">
            10
          </span>
          <div>
            <h2 id="lite-title" className="quiz-card__title">
              Lite quiz
            </h2>
            <p className="muted">10 items. See the answer and why after each one.</p>
          </div>
        </div>
        {totalItems === 0 ? (
          <p className="quiz-empty">No items yet for this reviewer. Check back soon.</p>
        ) : (
          <>
            <SelectField label="Subject" value={subject} onChange={setSubject}>
              <option value="">All subjects ({itemsText(totalItems)})</option>
              {home.subjects.map((s) => (
                <option key={s.id} value={s.id} disabled={s.itemCount === 0}>
                  {s.name} ({itemsText(s.itemCount)})
                </option>
              ))}
            </SelectField>
            <Link className="btn btn--primary btn--lg btn--block" to={liteHref}>
              Start lite quiz
            </Link>
          </>
        )}
      </section>

      <section className="card quiz-card" aria-labelledby="mock-title">
        <div className="quiz-card__head">
          <span className="quiz-card__badge quiz-card__badge--mock" aria-hidden="true">
            <TimerIcon />
          </span>
          <div>
            <h2 id="mock-title" className="quiz-card__title">
              Mock exam
            </h2>
            <p className="muted">
              {home.mock
                ? home.mock.sittings > 1
                  ? `${home.mock.name}: ${itemsText(home.mock.totalItems)} in ${home.mock.sittings} parts, each on its own clock; the break between is yours. Pass with ${home.mock.passingAverage}%.`
                  : `${home.mock.name}: ${itemsText(home.mock.totalItems)} in ${minutesText(home.mock.totalMinutes)}. Pass with ${home.mock.passingAverage}%.`
                : 'A timed exam that follows the real blueprint.'}
            </p>
          </div>
        </div>
        {home.mock ? (
          <>
            {home.mock.parts.length > 1 ? (
              <ul className="quiz-parts">
                {home.mock.parts.map((p) => (
                  <li key={p.partId}>
                    <span>{p.name}</span>
                    <span className="muted">
                      {itemsText(p.items)} · {minutesText(p.minutes)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {home.major && home.major.current === null && !home.openMock ? (
              <p className="quiz-empty">Choose your major above to start the mock exam.</p>
            ) : (
              <Link
                className="btn btn--secondary btn--lg btn--block"
                to={mockHref(shorthand, home.openMock)}
              >
                {home.openMock ? 'Resume mock exam' : 'Start mock exam'}
              </Link>
            )}
          </>
        ) : (
          <p className="quiz-empty">No mock exam for this reviewer yet.</p>
        )}
      </section>

      {home.mock || home.mockHistory.length > 0 ? (
        <ScoreHistory history={home.mockHistory} />
      ) : null}

      <section className="quiz-section" aria-labelledby="weak-title">
        <h2 id="weak-title" className="quiz-section__title">
          Weakest topics
        </h2>
        {home.weakestTopics.length === 0 ? (
          <p className="muted">
            Answer at least {itemsText(home.weakestMinAnswered)} in a topic to see how you do in it.
          </p>
        ) : (
          <ul className="quiz-list">
            {home.weakestTopics.map((t) => {
              const scope = { subjectId: t.subjectId, topicId: t.topicId };
              return (
                <li key={t.topicId} className="quiz-list__item weak-topic">
                  <div className="quiz-list__main">
                    <span className="quiz-list__title">{t.topicName}</span>
                    <span className="muted quiz-list__meta">
                      {t.subjectName} · {t.correct}/{t.answered} right
                    </span>
                    <meter
                      className="quiz-meter"
                      min={0}
                      max={100}
                      low={50}
                      high={75}
                      optimum={100}
                      value={t.accuracy}
                      aria-label={`${t.topicName}: ${Math.round(t.accuracy)}% right`}
                    />
                  </div>
                  {/* One tap to practise the topic, or to study it (issue 13 item 5). */}
                  <div className="weak-topic__actions">
                    <Link
                      className="btn btn--secondary weak-topic__action"
                      to={`/quiz/${shorthand}/lite?topic=${encodeURIComponent(t.topicId)}`}
                      aria-label={`Practise ${t.topicName}`}
                    >
                      Practise
                    </Link>
                    <Link
                      className="btn btn--secondary weak-topic__action"
                      to={studyModeHref(shorthand, 'flash', scope, 'quiz')}
                      aria-label={`Flash cards for ${t.topicName}`}
                    >
                      Flash cards
                    </Link>
                    <Link
                      className="btn btn--secondary weak-topic__action"
                      to={studyModeHref(shorthand, 'read', scope, 'quiz')}
                      aria-label={`Read notes on ${t.topicName}`}
                    >
                      Notes
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="quiz-section" aria-labelledby="recent-title">
        <h2 id="recent-title" className="quiz-section__title">
          Recent results
        </h2>
        {home.recent.length === 0 ? (
          <p className="muted">Your finished quizzes will show here.</p>
        ) : (
          <ul className="quiz-list">
            {home.recent.map((r) => (
              <li key={r.attemptId} className="quiz-list__item">
                <div className="quiz-list__main">
                  <span className="quiz-list__title">{r.title}</span>
                  <span className="muted quiz-list__meta">
                    {manilaShortDate(r.submittedAt)} · {r.correct}/{r.total} right ·{' '}
                    {countText(r.gemsEarned, 'gem')}
                  </span>
                </div>
                <Chip
                  size="lg"
                  tone={r.passed === false ? 'danger' : r.passed ? 'success' : 'neutral'}
                >
                  {Math.round(r.weightedRating ?? r.percentage)}%
                </Chip>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="quiz-home__foot">
        <Link to={withReviewer(PATHS.study, shorthand)}>
          Study with flash cards, notes and drills
        </Link>
      </p>
    </>
  );
}

/** The lite quiz left unfinished on this device (features/quiz/unfinished-lite.ts), if any. */
function ResumeLiteCard({ reviewer }: { reviewer: string }) {
  const open = useUnfinishedLite(reviewer);
  if (!open) return null;
  return (
    <section className="card quiz-resume" aria-labelledby="resume-lite-title">
      <div>
        <h2 id="resume-lite-title" className="quiz-card__title">
          Unfinished lite quiz
        </h2>
        <p className="quiz-resume__meta">
          {open.answered} of {open.total} answered
        </p>
      </div>
      <Link
        className="btn btn--primary btn--block"
        to={`/quiz/${reviewer}/lite?attempt=${encodeURIComponent(open.attemptId)}`}
      >
        Resume lite quiz
      </Link>
    </section>
  );
}

function ResumeCard({ home }: { home: QuizHome }) {
  const open = home.openMock;
  const left = useCountdown(open?.deadlineAt ?? null, open?.serverNow ?? null);
  const client = useQueryClient();
  const timeUp = left === 0;
  // At time up the server submits the mock on the next read: read, and show its result.
  useEffect(() => {
    if (timeUp) void client.invalidateQueries({ queryKey: quizHomeQueryKey });
  }, [timeUp, client]);
  if (!open) return null;
  return (
    <section className="card quiz-resume" aria-labelledby="resume-title">
      <div>
        <h2 id="resume-title" className="quiz-card__title">
          Mock exam in progress
        </h2>
        {open.deadlineAt === null ? (
          // A mock in sittings between its parts: no clock runs until the next part starts.
          <p className="quiz-resume__meta">
            On a break between parts · {open.answered} of {open.total} answered
          </p>
        ) : (
          <p className="quiz-resume__meta">
            <span className="quiz-resume__clock" role="timer">
              {left === null ? '' : formatClock(left)}
            </span>{' '}
            left · {open.answered} of {open.total} answered
          </p>
        )}
      </div>
      <Link className="btn btn--primary btn--block" to={mockHref(home.reviewer.shorthand, open)}>
        Resume mock exam
      </Link>
    </section>
  );
}
