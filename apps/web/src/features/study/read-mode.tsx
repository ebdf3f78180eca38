import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Chip } from '../../components/chip.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { countText } from '../../lib/format.ts';
import { launcherHref } from '../../lib/study-links.ts';
import { useTopicNotes } from './api/get-topic-notes.ts';
import { useMarkNoteRead } from './api/mark-note-read.ts';
import { Markdown } from './markdown.tsx';
import { errorText, OfflineNote, StudyEmpty, StudyError, StudyLoading } from './study-states.tsx';
import { finishStreak, SessionFinishNotice, StreakLine, StudySummary } from './study-summary.tsx';
import { useSessionFinish } from './use-session-finish.ts';
import { useStudyScope } from './use-study-scope.ts';

/**
 * Read (issue 4 item 6): a topic's notes one at a time, rendered safely from Markdown, with the
 * progress through the topic. "Mark as read" records the note (and the time spent on it) and moves
 * on; the last one ends the session, which counts for the daily streak.
 */
export function ReadMode() {
  const { reviewer, scope } = useStudyScope();
  const notes = useTopicNotes(reviewer, scope.topicId);
  const mark = useMarkNoteRead(reviewer);
  const [chosen, setChosen] = useState<number | null>(null);
  const [ended, setEnded] = useState(false);
  // Counted for the streak once the server has the read notes and the finish (offline: when the
  // phone is back online, while the summary is open).
  const finish = useSessionFinish(reviewer, 'read', ended);
  const shownAt = useRef(Date.now());
  const headingRef = useRef<HTMLHeadingElement>(null);

  const list = notes.data?.notes ?? [];
  // Start at the first unread note; the student can move freely after that.
  const firstUnread = list.findIndex((n) => !n.read);
  const index = chosen ?? (firstUnread === -1 ? 0 : firstUnread);
  const note = list[index];

  const go = (next: number) => {
    setChosen(next);
    shownAt.current = Date.now();
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  };

  if (!scope.topicId) {
    return (
      <StudyEmpty title="Choose a topic">
        <p>Pick a subject and topic on Study to read its notes.</p>
        <Link to={launcherHref(reviewer, scope)}>Back to Study</Link>
      </StudyEmpty>
    );
  }
  if (notes.isPending) return <StudyLoading label="Loading the notes" />;
  if (notes.isError) {
    return (
      <StudyError
        message={errorText(notes.error, 'We could not load the notes.')}
        onRetry={() => void notes.refetch()}
      />
    );
  }
  const { topic, readCount, total, offline } = notes.data;

  const header = (
    <header className="study-head stack">
      <p className="study-head__eyebrow">{topic.subjectName}</p>
      <h1 className="study-head__title">{topic.name}</h1>
      {total > 0 ? (
        <>
          <p className="study-head__meta" aria-live="polite">
            {readCount} of {countText(total, 'note')} read
          </p>
          <ProgressBar value={readCount} max={total} label="Notes read in this topic" />
        </>
      ) : null}
    </header>
  );

  if (!note) {
    return (
      <>
        {header}
        <StudyEmpty title="No notes yet">
          <p>The notes for this topic are being written.</p>
        </StudyEmpty>
      </>
    );
  }

  if (ended) {
    return (
      <>
        {header}
        <StudySummary
          titleId="read-done-title"
          title={readCount === total ? 'Topic complete' : 'Session complete'}
          big={
            <>
              {readCount} of {countText(total, 'note')} read
            </>
          }
          again={
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => {
                setEnded(false);
                go(0);
              }}
            >
              Read again
            </button>
          }
          backHref={launcherHref(reviewer, scope)}
          backIsPrimary
        >
          <StreakLine streak={finishStreak(finish)} />
          <SessionFinishNotice finish={finish} />
        </StudySummary>
      </>
    );
  }

  const last = index === list.length - 1;
  const markAndNext = () => {
    const seconds = Math.round((Date.now() - shownAt.current) / 1000);
    mark({ noteId: note.id, topicId: topic.id, seconds });
    if (last) setEnded(true);
    else go(index + 1);
  };

  return (
    <>
      {header}
      <article className="card read-note" aria-labelledby="read-note-title">
        <div className="read-note__head">
          <h2 id="read-note-title" className="read-note__title" tabIndex={-1} ref={headingRef}>
            {note.title}
          </h2>
          <span className="read-note__count">
            Note {index + 1} of {list.length}
            {note.read ? <Chip tone="success">Read</Chip> : null}
          </span>
        </div>
        <Markdown source={note.body} className="markdown" />
      </article>
      {offline ? <OfflineNote /> : null}
      <div className="read-nav">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          Previous
        </button>
        {note.read ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => (last ? setEnded(true) : go(index + 1))}
          >
            {last ? 'Finish' : 'Next note'}
          </button>
        ) : (
          <button type="button" className="btn btn--primary" onClick={markAndNext}>
            {last ? 'Mark as read and finish' : 'Mark as read, next'}
          </button>
        )}
      </div>
    </>
  );
}
