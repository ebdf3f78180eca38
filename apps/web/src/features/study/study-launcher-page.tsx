import type { StudyOverview, StudyTopicSummary } from '@pasado/core';
import { DRILL_DEFAULT_ITEMS, DRILL_ITEM_SECONDS } from '@pasado/core';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { ReviewerPicker } from '../../components/reviewer-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TrackNotReady } from '../../components/track-not-ready.tsx';
import { countText } from '../../lib/format.ts';
import { type StudyMode, type StudyScopeParams, studyModeHref } from '../../lib/study-links.ts';
import { useReviewerChoice } from '../../lib/use-reviewer-choice.ts';
import { useStudyOverview } from './api/get-study-overview.ts';
import { prefetchStudyModes } from './prefetch-modes.ts';
import { DrillIcon, FlashIcon, ListenIcon, ReadIcon } from './study-icons.tsx';
import { StudyError, StudyLoading } from './study-states.tsx';
import './study.css';

// Below the modes, and it brings the offline store code: its own chunk, after the launcher.
const OfflinePanel = lazy(() =>
  import('./offline-panel.tsx').then((m) => ({ default: m.OfflinePanel })),
);

function sum(topics: StudyTopicSummary[], key: keyof Omit<StudyTopicSummary, 'id' | 'name'>) {
  return topics.reduce((n, t) => n + t[key], 0);
}

/**
 * /study (docs/product.md#screens, issue 4 item 6): the launcher, with the menu. Pick the reviewer (from the
 * student's Granted claims), a subject and optionally a topic, then one of the four modes with its
 * due and progress counts. The choices live in the URL so the back link from a mode returns here.
 */
export function StudyLauncherPage() {
  const reviewers = useReviewerChoice();
  const { reviewer } = reviewers;
  const [params, setParams] = useSearchParams();
  const overview = useStudyOverview(reviewer?.shorthand ?? null);
  // The modes' code comes once the launcher shows its own data, not beside it: on slow data it
  // competed with the overview and held the launcher's counts back (issue 10).
  const settled = !reviewers.isPending && (reviewer === null || !overview.isPending);
  useEffect(() => (settled ? prefetchStudyModes() : undefined), [settled]);

  const choose = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="page study">
      <header className="page__header">
        <h1 className="page__title">Study</h1>
        <p className="study__lead">Flash cards, notes, listening and quick drills.</p>
      </header>

      {reviewers.isPending ? (
        <StudyLoading label="Loading your reviewers" />
      ) : reviewers.isError ? (
        <StudyError message="We could not load your reviewers." onRetry={reviewers.refetch} />
      ) : reviewer === null && reviewers.unavailable.length > 0 ? (
        <TrackNotReady unavailable={reviewers.unavailable} offered={reviewers.offered} />
      ) : reviewer === null ? (
        <section className="card study-empty">
          <h2 className="study-empty__title">No reviewer yet</h2>
          <p className="study-empty__text">Study modes open once you have access to a reviewer.</p>
        </section>
      ) : (
        <>
          <ReviewerPicker
            reviewers={reviewers.reviewers}
            value={reviewer}
            onChange={(shorthand) => reviewers.choose(shorthand, ['subject', 'topic'])}
          />
          {overview.isPending ? (
            <LauncherPending topicChosen={params.get('topic') !== null} />
          ) : overview.isError ? (
            <StudyError
              message="We could not load this reviewer’s subjects."
              onRetry={() => void overview.refetch()}
            />
          ) : (
            <LauncherBody
              overview={overview.data}
              subjectParam={params.get('subject')}
              topicParam={params.get('topic')}
              choose={choose}
            />
          )}
          <Suspense fallback={null}>
            <OfflinePanel reviewers={reviewers.reviewers} />
          </Suspense>
        </>
      )}
    </div>
  );
}

function LauncherBody({
  overview,
  subjectParam,
  topicParam,
  choose,
}: {
  overview: StudyOverview;
  subjectParam: string | null;
  topicParam: string | null;
  choose: (next: Record<string, string | null>) => void;
}) {
  const reviewer = overview.reviewer.shorthand;
  if (overview.subjects.length === 0) {
    return (
      <section className="card study-empty">
        <h2 className="study-empty__title">Content is on its way</h2>
        <p className="study-empty__text">
          The cards and notes for {overview.reviewer.abbreviation} are being written. Check back
          soon.
        </p>
      </section>
    );
  }
  const subject = overview.subjects.find((s) => s.id === subjectParam) ?? overview.subjects[0];
  if (!subject) return null;
  const topic = subject.topics.find((t) => t.id === topicParam) ?? null;
  const topics = topic ? [topic] : subject.topics;
  // Read and listen go through one topic's notes: the chosen one, else the first with unread notes.
  const readTopic =
    topic ?? subject.topics.find((t) => t.notesRead < t.notes) ?? subject.topics[0] ?? null;

  return (
    <>
      <div className="study-pickers">
        <SelectField
          label="Subject"
          value={subject.id}
          onChange={(value) => choose({ subject: value, topic: null })}
        >
          {overview.subjects.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Topic"
          value={topic?.id ?? ''}
          onChange={(value) => choose({ topic: value || null })}
        >
          <option value="">All topics</option>
          {subject.topics.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
      </div>
      <ModeList
        reviewer={reviewer}
        counts={{
          scope: { subjectId: subject.id, topicId: topic?.id ?? null },
          readScope: { subjectId: subject.id, topicId: readTopic?.id ?? null },
          readText:
            readTopic && !topic
              ? `Notes, starting with ${readTopic.name}.`
              : 'The notes of this topic.',
          due: sum(topics, 'dueCards'),
          fresh: Math.min(sum(topics, 'newCards'), overview.newCardsLeftToday),
          cards: sum(topics, 'cards'),
          questions: sum(topics, 'questions'),
          notes: readTopic?.notes ?? 0,
          notesRead: readTopic?.notesRead ?? 0,
          readTopicCards: readTopic?.cards ?? 0,
        }}
      />
    </>
  );
}

/**
 * The launcher while the overview is on its way: the pickers and the four modes where they will
 * be, their counts still loading and nothing to open yet. On slow data the student reads what each
 * mode is at once instead of a spinner, and the counts fill in without moving anything (issue 10:
 * the modes were the screen's largest paint and waited for the overview's round trip).
 */
function LauncherPending({ topicChosen }: { topicChosen: boolean }) {
  return (
    <>
      <div className="study-pickers">
        <SelectField label="Subject" value="" onChange={() => undefined} disabled>
          <option value="">Loading…</option>
        </SelectField>
        <SelectField label="Topic" value="" onChange={() => undefined} disabled>
          <option value="">All topics</option>
        </SelectField>
      </div>
      <ModeList reviewer="" counts={null} topicChosen={topicChosen} />
    </>
  );
}

/** What the mode cards say of the chosen subject and topic. */
interface ModeCounts {
  scope: StudyScopeParams;
  /** Read and listen open one topic's notes (LauncherBody's `readTopic`). */
  readScope: StudyScopeParams;
  readText: string;
  due: number;
  fresh: number;
  cards: number;
  questions: number;
  notes: number;
  notesRead: number;
  readTopicCards: number;
}

/** The four modes; `counts` null while the overview loads (the cards show, none opens). */
function ModeList({
  reviewer,
  counts,
  topicChosen = false,
}: {
  reviewer: string;
  counts: ModeCounts | null;
  topicChosen?: boolean;
}) {
  const loading = 'Loading…';
  const c = counts;
  const href = (mode: StudyMode, scope: StudyScopeParams | undefined) =>
    scope ? studyModeHref(reviewer, mode, scope) : null;
  return (
    <ul className="study-modes" aria-label="Study modes" aria-busy={c === null}>
      <ModeCard
        mode="flash"
        href={href('flash', c?.scope)}
        icon={<FlashIcon />}
        title="Flash cards"
        text="Cards come back just before you would forget them."
        stat={!c ? loading : c.cards === 0 ? 'No cards yet' : `${c.due} due · ${c.fresh} new`}
        highlight={(c?.due ?? 0) > 0}
        disabled={c?.cards === 0}
      />
      <ModeCard
        mode="read"
        href={href('read', c?.readScope)}
        icon={<ReadIcon />}
        title="Read"
        text={c ? c.readText : topicChosen ? 'The notes of this topic.' : 'Notes, topic by topic.'}
        stat={
          !c
            ? loading
            : c.notes === 0
              ? 'No notes yet'
              : `${c.notesRead}/${countText(c.notes, 'note')} read`
        }
        progress={!c ? 'pending' : c.notes > 0 ? { value: c.notesRead, max: c.notes } : null}
        disabled={c?.notes === 0}
      />
      <ModeCard
        mode="listen"
        href={href('listen', c?.readScope)}
        icon={<ListenIcon />}
        title="Listen"
        text="Notes and cards read aloud, for review on the go."
        stat={
          !c ? loading : `${countText(c.notes, 'note')} · ${countText(c.readTopicCards, 'card')}`
        }
        disabled={c?.notes === 0 && c.readTopicCards === 0}
      />
      <ModeCard
        mode="drill"
        href={href('drill', c?.scope)}
        icon={<DrillIcon />}
        title="Drill"
        text="A fast, timed run of questions that earns drill points."
        stat={
          !c
            ? loading
            : c.questions === 0
              ? 'No questions yet'
              : `${countText(Math.min(DRILL_DEFAULT_ITEMS, c.questions), 'question')} · ${DRILL_ITEM_SECONDS} s each`
        }
        disabled={c?.questions === 0}
      />
    </ul>
  );
}

function ModeCard({
  mode,
  href,
  icon,
  title,
  text,
  stat,
  highlight = false,
  progress = null,
  disabled,
}: {
  mode: StudyMode;
  /** null while the overview loads: the card shows but opens nothing yet. */
  href: string | null;
  icon: ReactNode;
  title: string;
  text: string;
  stat: string;
  highlight?: boolean;
  /** 'pending': the bar's empty track holds its place while the overview loads. */
  progress?: { value: number; max: number } | 'pending' | null;
  disabled: boolean | undefined;
}) {
  const pending = href === null && !disabled;
  const statClass = `study-mode__stat${highlight ? ' study-mode__stat--due' : ''}${pending ? ' study-mode__stat--pending' : ''}`;
  const body = (
    <>
      <span className={`study-mode__icon study-mode__icon--${mode}`} aria-hidden="true">
        {icon}
      </span>
      <span className="study-mode__body">
        <span className="study-mode__title">{title}</span>
        <span className="study-mode__text">{text}</span>
        <span className={statClass}>{stat}</span>
        {progress === 'pending' ? (
          <span className="progress-bar study-mode__track" aria-hidden="true" />
        ) : progress ? (
          <ProgressBar value={progress.value} max={progress.max} label={`${title} progress`} />
        ) : null}
      </span>
    </>
  );
  return (
    <li>
      {disabled ? (
        <div className="study-mode study-mode--disabled" aria-disabled="true">
          {body}
        </div>
      ) : href === null ? (
        <div className="study-mode">{body}</div>
      ) : (
        <Link className="study-mode" to={href}>
          {body}
        </Link>
      )}
    </li>
  );
}
