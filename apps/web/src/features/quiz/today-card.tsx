import type { QuizHome } from '@pasado/core/contract';
import { sittingDatesText } from '@pasado/core/rules';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Chip } from '../../components/chip.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { studyModeHref } from '../../lib/study-links.ts';
import { CheckIcon } from './quiz-icons.tsx';

type Today = NonNullable<QuizHome['today']>;

/** The For-you set's URL (issue 23 item 4; built on its own branch, linked from here). */
export const forYouHref = (reviewer: string) => `/quiz/${reviewer}/lite?for=you`;

/** What the cards row says: how many are due, or that none are. */
export function cardsText(cards: Today['cards']): string {
  if (cards.due > 0) return `${cards.due} ${cards.due === 1 ? 'card' : 'cards'} due`;
  if (cards.reviewed > 0) return `All caught up · ${cards.reviewed} reviewed today`;
  return 'No cards due today';
}

/** What the mock row says: done today, or since when the plan has asked for it. */
export function mockText(mock: NonNullable<Today['mock']>, today: string): string {
  if (mock.done) return 'Finished today';
  return mock.planDay === today
    ? 'Your plan’s full mock is today'
    : `Your plan’s full mock, due since ${sittingDatesText([{ date: mock.planDay }])}`;
}

/**
 * The mock screen's address: an open mock's with its attempt id, which the screen reads from the
 * cache (and, offline, its answers wait in the outbox); without one the screen asks the server to
 * start or resume one, which needs a connection (quiz-screen-page.tsx).
 */
export function mockHref(reviewer: string, openMock: QuizHome['openMock']): string {
  const path = `/quiz/${reviewer}/mock`;
  return openMock ? `${path}?attempt=${encodeURIComponent(openMock.attemptId)}` : path;
}

/**
 * Quiz home's "Today" list (issue 23 item 5; docs/product.md#today): the plan's items with the
 * For-you set, the flash cards due and the full mock when the plan asks for one, each done or not
 * as the server counted them for the student's Manila day. Read from the kept quiz home, so it
 * shows offline on the same day; a list kept from an earlier day is not shown as today's.
 */
export function TodayCard({
  reviewer,
  list,
  today,
  openMock = null,
}: {
  reviewer: string;
  list: Today;
  /** The phone's Manila day ('YYYY-MM-DD'). */
  today: string;
  /** The mock under way, which the mock row resumes. */
  openMock?: QuizHome['openMock'];
}) {
  const titleId = useId();
  if (list.day !== today) {
    return (
      <section className="card quiz-card today" aria-labelledby={titleId}>
        <h2 id={titleId} className="quiz-card__title">
          Today
        </h2>
        <p className="muted" data-testid="today-stale">
          Go online to see today’s list.
        </p>
      </section>
    );
  }
  const { items, cards, mock } = list;
  return (
    <section className="card quiz-card today" aria-labelledby={titleId}>
      <div className="today__head">
        <h2 id={titleId} className="quiz-card__title">
          Today
        </h2>
        {list.complete ? (
          <Chip tone="success" size="md" data-testid="today-complete">
            All done
          </Chip>
        ) : null}
      </div>
      <p className="muted">
        {list.complete
          ? 'You did today’s plan. This day counts toward your streak.'
          : 'Your plan for today. Finish it and the day counts toward your streak.'}
      </p>
      <ul className="today__list">
        <TodayRow done={items.done} testId="today-items">
          <Link className="today__link" to={forYouHref(reviewer)}>
            For-you practice
          </Link>
          <span className="muted today__meta">
            {Math.min(items.answered, items.target)} of {items.target} items
          </span>
          <ProgressBar
            value={Math.min(items.answered, items.target)}
            max={items.target}
            label="Items answered today"
            tone={items.done ? 'success' : 'primary'}
          />
        </TodayRow>
        <TodayRow done={cards.done} testId="today-cards">
          <Link
            className="today__link"
            to={studyModeHref(reviewer, 'flash', { subjectId: null, topicId: null }, 'quiz')}
          >
            Flash cards
          </Link>
          <span className="muted today__meta">{cardsText(cards)}</span>
        </TodayRow>
        {mock ? (
          <TodayRow done={mock.done} testId="today-mock">
            <Link className="today__link" to={mockHref(reviewer, openMock)}>
              Full mock exam
            </Link>
            <span className="muted today__meta">{mockText(mock, today)}</span>
          </TodayRow>
        ) : null}
      </ul>
    </section>
  );
}

function TodayRow({
  done,
  testId,
  children,
}: {
  done: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li className={`today__row${done ? ' today__row--done' : ''}`} data-testid={testId}>
      <span className="today__mark" aria-hidden="true">
        {done ? <CheckIcon /> : null}
      </span>
      <div className="today__main">{children}</div>
      <span className="visually-hidden">{done ? 'Done' : 'Not done yet'}</span>
    </li>
  );
}
