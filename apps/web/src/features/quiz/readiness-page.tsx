import type { ExamSitting, QuizHome, Readiness } from '@pasado/core/contract';
import { manilaDayKey, PATHS, sittingCountdown, sittingDatesText } from '@pasado/core/rules';
import { Link } from 'react-router';
import { Skeleton, SkeletonGroup } from '../../components/skeleton.tsx';
import { withReviewer } from '../../lib/reviewer-param.ts';
import { useReviewerChoice } from '../../lib/use-reviewer-choice.ts';
import { useQuizHome } from './api/get-quiz-home.ts';
import { QuizHomeGate } from './quiz-home-gate.tsx';
import {
  chanceText,
  forYouPath,
  mocksAhead,
  PREDICT_AFTER_STEP,
  SURENESS_TEXT,
} from './readiness-card.tsx';
import { mockHref } from './today-card.tsx';
import './quiz.css';

/**
 * /quiz/readiness (issue 23 item 3; docs/product.md#readiness): what quiz home's readiness card
 * means, in plain words, with each part's predicted rating and its 80 % range against the floor,
 * and the plan to the exam date. From the same kept quiz home, so it opens offline.
 */
export function ReadinessPage() {
  const reviewers = useReviewerChoice();
  const { reviewer } = reviewers;
  const home = useQuizHome(reviewer?.shorthand ?? null);
  const back = reviewer ? withReviewer(PATHS.quiz, reviewer.shorthand) : PATHS.quiz;
  return (
    <div className="page readiness-page">
      <header className="page__header">
        <Link className="back-link" to={back}>
          Back to Quiz
        </Link>
        <h1 className="page__title">Would you pass?</h1>
      </header>
      <QuizHomeGate
        reviewers={reviewers}
        home={home}
        skeleton={
          <SkeletonGroup label="Loading your readiness">
            <Skeleton size="card" />
            <Skeleton size="card" />
          </SkeletonGroup>
        }
        failure="We could not load your readiness. Check your connection and try again."
      >
        {(data) =>
          data.readiness ? (
            <ReadinessDetails
              readiness={data.readiness}
              sitting={data.sitting.current}
              reviewer={data.reviewer.shorthand}
              openMock={data.openMock}
            />
          ) : (
            <p className="muted">
              This reviewer has no mock exam yet, so there is nothing to predict.
            </p>
          )
        }
      </QuizHomeGate>
    </div>
  );
}

function ReadinessDetails({
  readiness,
  sitting,
  reviewer,
  openMock,
}: {
  readiness: Readiness;
  /** The student's exam sitting, if picked (it may be under way or over). */
  sitting: ExamSitting | null;
  reviewer: string;
  openMock: QuizHome['openMock'];
}) {
  const today = manilaDayKey(new Date());
  const { passChance, plan } = readiness;
  // From the phone's day, as the exam-date card counts: a plan kept from yesterday is no plan on
  // exam day.
  const countdown = sitting ? sittingCountdown(sitting.days, today).kind : null;
  return (
    <>
      <section className="card readiness-explain" aria-labelledby="readiness-how">
        <h2 id="readiness-how" className="quiz-card__title">
          How Pasado predicts
        </h2>
        <p>
          Every answer you finish — in lite quizzes, mock exams and drill — tells Pasado a little
          more about how well you know each part of the exam, and how hard each item is for
          everyone. From that it predicts the rating you would get on a full mock exam today.
        </p>
        <p>
          You pass when your weighted average reaches {readiness.passingAverage}%
          {readiness.parts.some((p) => p.floor > 0)
            ? ' and every part reaches its own lowest passing rating'
            : ''}
          . Your pass chance counts both.
        </p>
        <p>
          Knowledge fades without practice, and grows with it: the exam-day chance follows your
          recent pace up to your exam date. The range shows where 8 of 10 students with your answers
          would land.
        </p>
        {passChance ? (
          <dl className="readiness__chances">
            <div>
              <dt>Pass chance today</dt>
              <dd>{chanceText(passChance.today)}</dd>
            </div>
            {passChance.examDay !== null ? (
              <div>
                <dt>On exam day</dt>
                <dd>{chanceText(passChance.examDay)}</dd>
              </div>
            ) : null}
          </dl>
        ) : readiness.action ? (
          <>
            <p className="readiness__action">{readiness.action.text}</p>
            <p className="muted">{PREDICT_AFTER_STEP}</p>
            {/* The step the action names, here where the student reads it. */}
            {readiness.action.kind === 'mock' ? (
              <Link className="btn btn--primary btn--block" to={mockHref(reviewer, openMock)}>
                {openMock ? 'Resume mock exam' : 'Start mock exam'}
              </Link>
            ) : (
              <Link className="btn btn--secondary btn--block" to={forYouPath(reviewer)}>
                Practice for you
              </Link>
            )}
          </>
        ) : null}
        {readiness.sureness ? <p className="muted">{SURENESS_TEXT[readiness.sureness]}</p> : null}
      </section>

      <section className="card" aria-labelledby="readiness-parts">
        <h2 id="readiness-parts" className="quiz-card__title">
          Your parts
        </h2>
        <table className="readiness-table">
          <caption className="visually-hidden">
            Predicted rating of each part, its likely range and its lowest passing rating
          </caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Predicted</th>
              <th scope="col">Passing</th>
            </tr>
          </thead>
          <tbody>
            {readiness.parts.map((part) => (
              <tr key={part.partId}>
                <th scope="row">
                  {part.name}
                  {readiness.holdingBack?.partId === part.partId ? (
                    <span className="readiness-table__note">Holding you back most</span>
                  ) : null}
                </th>
                <td>
                  {part.predicted ? (
                    <>
                      {part.predicted.rating}%
                      <span className="muted readiness-table__range">
                        {part.predicted.low}–{part.predicted.high}
                      </span>
                    </>
                  ) : (
                    <span className="muted">
                      {part.needed} more {part.needed === 1 ? 'answer' : 'answers'}
                    </span>
                  )}
                </td>
                <td>{part.floor > 0 ? `${part.floor}%` : '—'}</td>
              </tr>
            ))}
            {readiness.whole ? (
              <tr>
                <th scope="row">Weighted average</th>
                <td>
                  {readiness.whole.rating}%
                  <span className="muted readiness-table__range">
                    {readiness.whole.low}–{readiness.whole.high}
                  </span>
                </td>
                <td>{readiness.passingAverage}%</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>

      <section className="card" aria-labelledby="readiness-plan">
        <h2 id="readiness-plan" className="quiz-card__title">
          Your plan
        </h2>
        {sitting && countdown === 'today' ? (
          <p>Today is your exam: there is nothing left to plan. Good luck!</p>
        ) : sitting && countdown === 'past' ? (
          <p className="muted">
            Your exam on {sittingDatesText(sitting.days)} has passed. Choose your next one on Quiz
            to get a plan to it.
          </p>
        ) : plan ? (
          <>
            <p>
              Every day until your exam: <strong>{plan.dailyItems} items</strong>, about{' '}
              {plan.dailyMinutes} min. It grows when you fall behind and shrinks as you close the
              gap.
            </p>
            {mocksAhead(plan, today).length > 0 ? (
              <>
                <p>Take a full mock exam on these days, the last a week before your exam:</p>
                <ul className="readiness-mocks">
                  {mocksAhead(plan, today).map((day) => (
                    <li key={day}>{day <= today ? 'Today' : sittingDatesText([{ date: day }])}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : (
          <p className="muted">Choose your exam date on Quiz to get a plan to it.</p>
        )}
      </section>
    </>
  );
}
