import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Chip } from '../../components/chip.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { launcherHref } from '../../lib/study-links.ts';
import { useTopicCards } from './api/get-topic-cards.ts';
import { useTopicNotes } from './api/get-topic-notes.ts';
import { useMarkNoteRead } from './api/mark-note-read.ts';
import { Markdown, spokenText } from './markdown.tsx';
import { errorText, StudyEmpty, StudyError, StudyLoading } from './study-states.tsx';
import { finishStreak, SessionFinishNotice } from './study-summary.tsx';
import { useSessionFinish } from './use-session-finish.ts';
import { pickVoice, speechSynthesisOrNull, useSpeechVoices } from './use-speech.ts';
import { useStudyScope } from './use-study-scope.ts';

type Source = 'notes' | 'cards';
type Item = {
  id: string;
  kind: Source;
  title: string;
  speech: string;
  body: string;
  back?: string;
  rationale?: string | null;
};

const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * Listen (issue 4 item 6): the browser's speech synthesis reads a topic's notes, or its cards'
 * question, answer and rationale, one after another; play/pause, next, previous and speed. When
 * the browser has no voice it says so plainly and still shows the text to read.
 */
export function ListenMode() {
  const { reviewer, scope } = useStudyScope();
  const notes = useTopicNotes(reviewer, scope.topicId);
  const cards = useTopicCards(reviewer, scope.topicId);
  const mark = useMarkNoteRead(reviewer);
  const { status, voices } = useSpeechVoices();
  const [source, setSource] = useState<Source>('notes');
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);
  const [rate, setRate] = useState<number>(1);
  const [ended, setEnded] = useState(false);
  // The streak counts a session the server has seen: after the read notes have reached it.
  const finish = useSessionFinish(reviewer, 'listen', ended);
  const streak = finishStreak(finish);
  const token = useRef(0);
  const startedAt = useRef(0);

  // A topic without notes starts on its cards.
  const active: Source =
    source === 'notes' && notes.data?.total === 0 && (cards.data?.cards.length ?? 0) > 0
      ? 'cards'
      : source;
  const items: Item[] = useMemo(() => {
    if (active === 'notes') {
      return (notes.data?.notes ?? []).map((n) => ({
        id: n.id,
        kind: 'notes',
        title: n.title,
        speech: `${n.title}. ${spokenText(n.body)}`,
        body: n.body,
      }));
    }
    return (cards.data?.cards ?? []).map((c, i) => ({
      id: c.id,
      kind: 'cards',
      title: `Card ${i + 1}`,
      speech: `Question. ${c.front} Answer. ${c.back}${c.rationale ? ` Why: ${c.rationale}` : ''}`,
      body: c.front,
      back: c.back,
      rationale: c.rationale,
    }));
  }, [active, notes.data, cards.data]);
  const item = items[Math.min(index, Math.max(0, items.length - 1))];

  const stop = useCallback(() => {
    token.current += 1;
    speechSynthesisOrNull()?.cancel();
    setPlaying(false);
    setPaused(false);
  }, []);

  useEffect(() => stop, [stop]);

  const speak = useCallback(
    (at: number, speed: number) => {
      const s = speechSynthesisOrNull();
      const target = items[at];
      if (!s || !target) return;
      token.current += 1;
      const mine = token.current;
      s.cancel();
      const utterance = new SpeechSynthesisUtterance(target.speech);
      utterance.rate = speed;
      const voice = pickVoice(voices);
      if (voice) {
        utterance.voice = voice;
        utterance.lang = voice.lang;
      }
      utterance.onend = () => {
        if (token.current !== mine) return;
        if (target.kind === 'notes') {
          const seconds = Math.round((Date.now() - startedAt.current) / 1000);
          if (scope.topicId) mark({ noteId: target.id, topicId: scope.topicId, seconds });
        }
        if (at + 1 < items.length) {
          setIndex(at + 1);
          speak(at + 1, speed);
        } else {
          setPlaying(false);
          setPaused(false);
          if (target.kind === 'notes') setEnded(true);
        }
      };
      utterance.onerror = (event) => {
        if (token.current !== mine) return;
        if (event.error === 'interrupted' || event.error === 'canceled') return;
        setPlaying(false);
        setPaused(false);
      };
      startedAt.current = Date.now();
      setIndex(at);
      setPlaying(true);
      setPaused(false);
      s.speak(utterance);
    },
    [items, voices, mark, scope.topicId],
  );

  const playPause = () => {
    const s = speechSynthesisOrNull();
    if (!s) return;
    if (!playing) speak(index, rate);
    else if (paused) {
      s.resume();
      setPaused(false);
    } else {
      s.pause();
      setPaused(true);
    }
  };

  const move = (to: number) => {
    if (to < 0 || to >= items.length) return;
    if (playing) speak(to, rate);
    else setIndex(to);
  };

  const changeRate = (next: number) => {
    setRate(next);
    if (playing && !paused) speak(index, next);
  };

  const changeSource = (next: Source) => {
    stop();
    setSource(next);
    setIndex(0);
  };

  if (!scope.topicId) {
    return (
      <StudyEmpty title="Choose a topic">
        <p>Pick a subject and topic on Study to listen to its notes and cards.</p>
        <Link to={launcherHref(reviewer, scope)}>Back to Study</Link>
      </StudyEmpty>
    );
  }
  if (notes.isPending || cards.isPending) return <StudyLoading label="Loading the topic" />;
  if (notes.isError || cards.isError) {
    return (
      <StudyError
        message={errorText(notes.error ?? cards.error, 'We could not load this topic.')}
        onRetry={() => {
          void notes.refetch();
          void cards.refetch();
        }}
      />
    );
  }
  const canSpeak = status === 'ready';

  return (
    <>
      <header className="study-head stack">
        <p className="study-head__eyebrow">{notes.data.topic.subjectName}</p>
        <h1 className="study-head__title">Listen: {notes.data.topic.name}</h1>
      </header>

      {status === 'unsupported' || status === 'none' ? (
        <div className="notice notice--warning" role="alert">
          <p className="listen__novoice">
            {status === 'unsupported'
              ? 'This browser cannot read aloud.'
              : 'Your browser has no speech voice, so it cannot read aloud.'}{' '}
            You can still read the text below. On Android, install a voice in Settings ›
            Text-to-speech, or try Chrome.
          </p>
        </div>
      ) : null}

      <fieldset className="segmented">
        <legend className="visually-hidden">What to listen to</legend>
        {(['notes', 'cards'] as const).map((s) => (
          <label key={s} className="segmented__option">
            <input
              type="radio"
              name="listen-source"
              value={s}
              checked={active === s}
              onChange={() => changeSource(s)}
              disabled={(s === 'notes' ? notes.data.total : cards.data.cards.length) === 0}
            />
            <span>
              {s === 'notes' ? `Notes (${notes.data.total})` : `Cards (${cards.data.cards.length})`}
            </span>
          </label>
        ))}
      </fieldset>

      {item ? (
        <>
          <section className="card listen-item" aria-labelledby="listen-item-title">
            <p className="listen-item__count">
              {active === 'notes' ? 'Note' : 'Card'} {index + 1} of {items.length}
              {playing ? <Chip tone="warning">{paused ? 'Paused' : 'Reading aloud'}</Chip> : null}
            </p>
            <h2 id="listen-item-title" className="listen-item__title">
              {item.kind === 'notes' ? item.title : item.body}
            </h2>
            {item.kind === 'notes' ? (
              <Markdown source={item.body} className="markdown" />
            ) : (
              <div className="listen-item__card stack">
                <p>
                  <strong>Answer:</strong> {item.back}
                </p>
                {item.rationale ? <p className="listen-item__why">{item.rationale}</p> : null}
              </div>
            )}
          </section>

          <fieldset className="listen-controls">
            <legend className="visually-hidden">Player</legend>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => move(index - 1)}
              disabled={index === 0}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn--primary listen-controls__play"
              onClick={playPause}
              disabled={!canSpeak}
            >
              {!playing ? 'Play' : paused ? 'Resume' : 'Pause'}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => move(index + 1)}
              disabled={index >= items.length - 1}
            >
              Next
            </button>
          </fieldset>
          <SelectField
            label="Speed"
            value={String(rate)}
            onChange={(value) => changeRate(Number(value))}
            className="field listen-speed"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </SelectField>
          {status === 'checking' ? (
            <p className="study-hint" role="status">
              Checking for a speech voice…
            </p>
          ) : null}
          {streak !== null ? (
            <p className="study-summary__streak" role="status">
              All notes played. Daily streak: {streak} day{streak === 1 ? '' : 's'}
            </p>
          ) : null}
          <SessionFinishNotice finish={finish} />
        </>
      ) : (
        <StudyEmpty title="Nothing to listen to yet">
          <p>This topic has no {active} yet.</p>
        </StudyEmpty>
      )}
    </>
  );
}
