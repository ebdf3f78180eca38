import type { AttemptState, StartLiteRequest } from '@pasado/core';
import { PATHS } from '@pasado/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { StandalonePage } from '../../components/standalone-page.tsx';
import { ApiError, isRetryable } from '../../lib/api.ts';
import { reportContentDenied } from '../../lib/content-denied.ts';
import { withReviewer } from '../../lib/reviewer-param.ts';
import { useClaims } from '../../lib/session/get-claims.ts';
import {
  attemptQueryKey,
  attemptQueryOptions,
  startLite,
  startOrResumeMock,
} from './api/attempts.ts';
import { LiteQuiz } from './lite-quiz.tsx';
import { MockExam } from './mock-exam.tsx';
import { NoOfflinePool, startOfflineLite } from './offline-lite.ts';
import { OfflineLiteAttempt } from './offline-lite-quiz.tsx';
import { useOfflineLite } from './offline-lite-record.ts';
import './quiz.css';

type Mode = 'lite' | 'mock';

/**
 * /quiz/:reviewer/lite and /quiz/:reviewer/mock (docs/product.md#screens): one quiz screen, without the menu.
 * Without `?attempt=` it starts a quiz (lite: `?subject=`, `?topic=`, `?retry=` or `?for=you`;
 * mock: start or resume the unfinished one), then puts the attempt id in the URL, so a reload
 * resumes it — the mock with its clock still running on the server.
 */
function QuizScreen({ mode }: { mode: Mode }) {
  const { reviewer = '' } = useParams();
  const [params] = useSearchParams();
  // A new search (retry, another subject) is a new quiz: remount so no state carries over.
  return (
    <StandalonePage backTo={withReviewer(PATHS.quiz, reviewer)} backLabel="Quiz">
      <div className="page quiz-page">
        <QuizLoader key={params.toString()} mode={mode} reviewer={reviewer} />
      </div>
    </StandalonePage>
  );
}

function QuizLoader({ mode, reviewer }: { mode: Mode; reviewer: string }) {
  const [params, setParams] = useSearchParams();
  const attemptId = params.get('attempt');
  return attemptId ? (
    <AttemptView mode={mode} reviewer={reviewer} attemptId={attemptId} />
  ) : (
    <Starter
      mode={mode}
      reviewer={reviewer}
      input={{
        ...(params.get('subject') ? { subjectId: params.get('subject') ?? '' } : {}),
        ...(params.get('topic') ? { topicId: params.get('topic') ?? '' } : {}),
        ...(params.get('retry') ? { retryOf: params.get('retry') ?? '' } : {}),
        // The For-you set (ADR 032): exactly `?for=you`, as quiz home and the Today list link it.
        ...(params.get('for') === 'you' ? { forYou: true as const } : {}),
      }}
      onStarted={(id) => setParams({ attempt: id }, { replace: true })}
    />
  );
}

function Starter({
  mode,
  reviewer,
  input,
  onStarted,
}: {
  mode: Mode;
  reviewer: string;
  input: StartLiteRequest;
  onStarted: (attemptId: string) => void;
}) {
  const client = useQueryClient();
  const uid = useClaims().data?.uid;
  const [error, setError] = useState<unknown>(null);
  const [tries, setTries] = useState(0);
  const started = useRef(-1);
  const inputKey = JSON.stringify(input);

  useEffect(() => {
    // One start per try, even when React runs the effect twice.
    if (started.current === tries) return;
    started.current = tries;
    const request: Promise<AttemptState> =
      mode === 'mock' ? startOrResumeMock(reviewer) : startLiteAnywhere(uid, reviewer, inputKey);
    request
      .then((state) => {
        client.setQueryData(attemptQueryKey(state.attemptId), state);
        onStarted(state.attemptId);
      })
      .catch((failure: unknown) => {
        // Quiz home read before the subscription ended: the page moves (lib/content-denied.ts).
        reportContentDenied(failure);
        setError(failure);
      });
  }, [tries, mode, reviewer, inputKey, client, onStarted, uid]);

  if (error) {
    // A mock runs on the server's clock: it cannot start without the server (issue 11). One that
    // is already open continues offline, its answers waiting in the outbox.
    if (mode === 'mock' && !(error instanceof ApiError)) {
      return (
        <section className="notice notice--danger" role="alert">
          <p>Starting a mock exam needs a connection. Connect to the internet, then try again.</p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setError(null);
              setTries(tries + 1);
            }}
          >
            Try again
          </button>
        </section>
      );
    }
    return (
      <QuizError
        error={error}
        onRetry={() => {
          setError(null);
          setTries(tries + 1);
        }}
      />
    );
  }
  return (
    <div className="quiz-loading" role="status">
      <Spinner size="lg" />
      <p>{mode === 'mock' ? 'Preparing your mock exam…' : 'Preparing your quiz…'}</p>
    </div>
  );
}

/**
 * A lite quiz starts on the server; with no connection (or when the request fails on the network)
 * it is drawn from the items kept on the device (issue 11, offline-lite.ts). A retry of a finished
 * quiz needs the server's copy of it, so it never starts offline.
 */
function startLiteAnywhere(
  uid: string | undefined,
  reviewer: string,
  inputKey: string,
): Promise<AttemptState> {
  const input = JSON.parse(inputKey) as StartLiteRequest;
  if (!uid || input.retryOf) return startLite(reviewer, input);
  const offline = () => startOfflineLite(uid, reviewer, input).then((record) => record.state);
  if (!navigator.onLine) return offline();
  return startLite(reviewer, input).catch((error: unknown) => {
    if (isRetryable(error)) return offline();
    throw error;
  });
}

function AttemptView({
  mode,
  reviewer,
  attemptId,
}: {
  mode: Mode;
  reviewer: string;
  attemptId: string;
}) {
  const offline = useOfflineLite(useClaims().data?.uid, attemptId);
  const attempt = useQuery({ ...attemptQueryOptions(reviewer, attemptId), enabled: !offline });
  if (offline) return <OfflineLiteAttempt record={offline} />;
  if (attempt.isPending) {
    return (
      <div className="quiz-loading" role="status">
        <Spinner size="lg" />
        <p>Loading your quiz…</p>
      </div>
    );
  }
  if (attempt.isError) {
    return <QuizError error={attempt.error} onRetry={() => void attempt.refetch()} />;
  }
  const state = attempt.data;
  return (
    <>
      {state.status === 'in_progress' ? <h1 className="quiz-page__title">{state.title}</h1> : null}
      {mode === 'mock' || state.kind === 'mock' ? (
        <MockExam state={state} />
      ) : (
        <LiteQuiz state={state} />
      )}
    </>
  );
}

function QuizError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { reviewer = '' } = useParams();
  // A 409 here is "no items yet" or "nothing to retry": an empty state, not a failure. Offline,
  // no items kept on the phone for this choice is the same.
  if (
    (error instanceof ApiError && (error.status === 409 || error.status === 404)) ||
    error instanceof NoOfflinePool
  ) {
    return (
      <section className="card quiz-empty-state" role="status">
        <h1 className="quiz-card__title">Nothing to practise here yet</h1>
        <p className="muted">{error.message}</p>
        <Link className="btn btn--primary" to={withReviewer(PATHS.quiz, reviewer)}>
          Back to Quiz
        </Link>
      </section>
    );
  }
  return (
    <section className="notice notice--danger" role="alert">
      <p>
        {error instanceof ApiError && error.status < 500
          ? error.message
          : 'We could not load your quiz. Check your connection and try again.'}
      </p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

export function LiteQuizPage() {
  return <QuizScreen mode="lite" />;
}

export function MockExamPage() {
  return <QuizScreen mode="mock" />;
}
