import {
  type AttemptItem,
  type AttemptKind,
  type AttemptSitting,
  type AttemptState,
  attemptParts,
  attemptTitle,
  type QuizResult,
  revealsAnswer,
  visiblePartIds,
} from '@pasado/core';
import type { Db, Executor } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { rememberAttempt } from './answer-memory.ts';
import { asKind } from './attempt-access.ts';
import {
  type AttemptItemRow,
  type AttemptResume,
  type AttemptView,
  type ItemKey,
  loadAttemptItemRows,
  loadAttemptResume,
} from './attempt-view.read-model.ts';
import { type AttemptClock, clockOf, type SavedAnswer } from './attempts.repository.ts';
import type { FinishedAttempt } from './finish-attempt.ts';
import { contentFragments } from './item-content-cache.ts';

/**
 * An attempt as the client sees it (`attemptStateSchema`): item views that reveal keys only when
 * core's `revealsAnswer` allows, and, when nothing may be revealed, the JSON assembled from the
 * cached item fragments (issue 10: the exam-night resume; issue 25: a new lite set).
 */
/**
 * One item as the client may see it: the key, the rationale and the correctness only once core's
 * `revealsAnswer` allows. The one view of an item, for a whole attempt and for one saved answer.
 */
export function itemView(
  kind: AttemptKind,
  submitted: boolean,
  item: { questionId: string; partId: string | null },
  question: {
    topicName: string;
    stem: string;
    choices: string[];
    key: ItemKey | null;
  },
  answer: Pick<SavedAnswer, 'choiceIndex' | 'flagged' | 'isCorrect'> | null,
): AttemptItem {
  const answered = answer?.choiceIndex != null;
  const reveal = revealsAnswer(kind, submitted, answered);
  if (reveal && !question.key) throw new AppError('INTERNAL', 'The key of an item was not read.');
  return {
    questionId: item.questionId,
    partId: item.partId,
    topicName: question.topicName,
    stem: question.stem,
    choices: question.choices,
    choiceIndex: answer?.choiceIndex ?? null,
    flagged: answer?.flagged ?? false,
    isCorrect: reveal ? (answer?.isCorrect ?? false) : null,
    reveal:
      reveal && question.key
        ? {
            answerIndex: question.key.answerIndex,
            rationale: question.key.rationale,
            distractorNotes: question.key.distractorNotes,
          }
        : null,
  };
}

/**
 * The attempt as the client may see it, from its view and one read of its items (issue 10: keys
 * and rationales are read only when something may be revealed: never for a mock in progress).
 */
async function attemptState(ex: Executor, view: AttemptView, now: Date): Promise<AttemptState> {
  const kind = asKind(view.kind);
  const submitted = view.status === 'submitted';
  const rows = await loadAttemptItemRows(ex, view.id, {
    withKeys: revealsAnswer(kind, submitted, true),
  });
  return stateOfRows(view, rows, now);
}

/**
 * The attempt a submit just finished, from what its finish read (`withContent`) and decided, as
 * `stateOf` would read it back after the commit: no read after the commit (ADR 038).
 */
export function finishedReply(
  db: Db,
  row: AttemptClock,
  { state, result, submittedAt }: FinishedAttempt,
  now: Date,
): AttemptState {
  const kind = asKind(row.kind);
  const view: AttemptView = {
    ...clockOf(row),
    status: 'submitted',
    submittedAt,
    gemsEarned: result.gemsEarned,
    version: row.version + 1,
    result,
    // As the resume joins it: the mock's own blueprint, when valid.
    blueprint:
      kind === 'mock' && state.blueprint && state.blueprint.id === row.blueprintId
        ? state.blueprint
        : null,
    subjectName: state.subjectName ?? null,
  };
  const rows: AttemptItemRow[] = state.items.map((item) => {
    if (item.question === undefined) {
      throw new AppError('INTERNAL', 'The finish was not read with its content.');
    }
    return {
      questionId: item.questionId,
      partId: item.partId,
      question: item.question,
      answer: item.answer,
    };
  });
  // As a reply read back would: the saves that follow are decided on it (save-answer.ts).
  rememberAttempt(db, { ...view, items: rows });
  return stateOfRows(view, rows, now);
}

/** The attempt as the client may see it, from its view and its items in order. */
function stateOfRows(view: AttemptView, rows: readonly AttemptItemRow[], now: Date): AttemptState {
  const kind = asKind(view.kind);
  const submitted = view.status === 'submitted';
  const visible = visiblePartIds(view.sittings, submitted);
  const items: AttemptItem[] = [];
  for (const row of rows) {
    if (visible && !(row.partId !== null && visible.has(row.partId))) continue;
    // A question deleted from the bank since simply drops out of the view.
    if (row.question) items.push(itemView(kind, submitted, row, row.question, row.answer));
  }
  const answered = new Set(
    rows.flatMap((r) => (r.answer?.choiceIndex != null ? [r.questionId] : [])),
  );
  return {
    ...stateHead(view, kind, now, rows, answered),
    items,
    result: submitted ? (view.result as QuizResult | null) : null,
  };
}

/** Everything the client sees of an attempt but its items and result: one shape for both paths. */
function stateHead(
  view: AttemptView,
  kind: AttemptKind,
  now: Date,
  items: readonly { questionId: string; partId: string | null }[],
  answered: ReadonlySet<string>,
): Omit<AttemptState, 'items' | 'result'> {
  return {
    attemptId: view.id,
    kind,
    reviewer: view.reviewerShorthand,
    title: attemptTitle(kind, {
      subject: view.subjectName,
      blueprint: kind === 'mock' ? (view.blueprint?.name ?? null) : null,
      forYou: view.forYou,
    }),
    status: view.status,
    startedAt: view.startedAt.toISOString(),
    deadlineAt: view.deadlineAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
    parts: kind === 'mock' && view.blueprint ? attemptParts(view.blueprint.spec, items) : null,
    sittings: sittingViews(view, items, answered),
  };
}

/**
 * A mock's sittings as the screen shows them (`attemptSittingSchema`): numbered from 1, named after
 * their parts, with their items and how many hold an answer.
 */
function sittingViews(
  view: Pick<AttemptView, 'sittings' | 'blueprint'>,
  items: readonly { questionId: string; partId: string | null }[],
  answered: ReadonlySet<string>,
): AttemptSitting[] | null {
  if (!view.sittings) return null;
  const names = new Map((view.blueprint?.spec.parts ?? []).map((p) => [p.id, p.name]));
  return view.sittings.map((s, i) => {
    const own = items.filter((item) => item.partId !== null && s.partIds.includes(item.partId));
    return {
      number: i + 1,
      partIds: s.partIds,
      name: s.partIds.map((id) => names.get(id) ?? id).join(', '),
      items: own.length,
      answered: own.filter((item) => answered.has(item.questionId)).length,
      minutes: s.minutes,
      startedAt: s.startedAt,
      deadlineAt: s.deadlineAt,
      submittedAt: s.submittedAt,
    };
  });
}

/**
 * An attempt state the database serialised (the contract's `attemptStateSchema` shape): the route
 * sends it as it is. Built only when no item may be revealed (a mock in progress, the exam-night
 * resume); tests hold it to the object path's result.
 */
export class SerializedAttemptState {
  /** UTF-8 JSON. */
  constructor(readonly body: Buffer) {}
}

/** The closing of an unrevealed item, for each choice saved (null, 0–5) and flag (tests: 6 choices at most). */
const itemTails = new Map<string, Buffer>();
function itemTail(partId: string | null, choiceIndex: number | null, flagged: boolean): Buffer {
  const key = `${choiceIndex}|${flagged}|${partId}`;
  let tail = itemTails.get(key);
  if (!tail) {
    // attemptItemSchema with nothing revealed: isCorrect and reveal null (core revealsAnswer).
    tail = Buffer.from(
      `"partId":${JSON.stringify(partId)},"choiceIndex":${JSON.stringify(choiceIndex)},"flagged":${flagged},"isCorrect":null,"reveal":null}`,
    );
    // Parts are a blueprint's few: bounded in practice; a guard all the same.
    if (itemTails.size > 10_000) itemTails.clear();
    itemTails.set(key, tail);
  }
  return tail;
}
const COMMA = Buffer.from(',');
export type AttemptReply = AttemptState | SerializedAttemptState;

/**
 * The attempt for the client. When core's `revealsAnswer` shows nothing of any item, answered or
 * not (a mock in progress: the exam-night resume), it is serialised here from the answers and the
 * questions' cached fragments; otherwise the object path reads keys and rationales.
 */
export async function attemptReply(db: Db, view: AttemptResume, now: Date): Promise<AttemptReply> {
  // The saves that follow a start or a resume are decided on it (save-answer.ts).
  rememberAttempt(db, view);
  const kind = asKind(view.kind);
  const submitted = view.status === 'submitted';
  // An answered item may show its key (a lite set: issue 25, a new one has none answered yet).
  const anyAnswered = view.answers.some(([, choiceIndex]) => choiceIndex !== null);
  if (
    revealsAnswer(kind, submitted, false) ||
    (anyAnswered && revealsAnswer(kind, submitted, true))
  ) {
    return attemptState(db, view, now);
  }
  const fragments = await contentFragments(
    db,
    view.items.map((i) => i.questionId),
    view.contentVersion,
  );
  const answers = new Map(view.answers.map(([questionId, ...rest]) => [questionId, rest]));
  const visible = visiblePartIds(view.sittings, submitted);
  const items: Buffer[] = [];
  for (const item of view.items) {
    if (visible && !(item.partId !== null && visible.has(item.partId))) continue;
    const opening = fragments.get(item.questionId);
    // A question deleted from the bank since simply drops out of the view (as attemptState).
    if (!opening) continue;
    const [choiceIndex = null, flagged = false] = answers.get(item.questionId) ?? [];
    if (items.length > 0) items.push(COMMA);
    items.push(opening, itemTail(item.partId, choiceIndex, flagged));
  }
  const answered = new Set(
    view.answers.flatMap(([id, choiceIndex]) => (choiceIndex !== null ? [id] : [])),
  );
  const head: Omit<AttemptState, 'items'> = {
    ...stateHead(view, kind, now, view.items, answered),
    result: null,
  };
  const json = JSON.stringify(head);
  return new SerializedAttemptState(
    Buffer.concat([Buffer.from(`${json.slice(0, -1)},"items":[`), ...items, Buffer.from(']}')]),
  );
}

/** The attempt read afresh for the client (after it was created or submitted). */
export async function stateOf(db: Db, attemptId: string, now: Date): Promise<AttemptReply> {
  const view = await loadAttemptResume(db, attemptId);
  if (!view) throw notFound('No such quiz.');
  return attemptReply(db, view, now);
}

/** What a route does to one of the student's attempts, answering with the attempt's state. */
export type AttemptAction = (
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
) => Promise<AttemptReply>;
