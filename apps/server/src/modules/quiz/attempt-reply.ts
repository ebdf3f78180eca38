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
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { rememberAttempt } from './answer-memory.ts';
import { asKind } from './attempt-access.ts';
import {
  type AttemptResume,
  type AttemptView,
  type ItemKey,
  loadAttemptResume,
} from './attempt-view.read-model.ts';
import { type AttemptClock, clockOf, type SavedAnswer } from './attempts.repository.ts';
import type { FinishedAttempt } from './finish-attempt.ts';
import { itemFragments } from './item-content-cache.ts';

/**
 * An attempt as the client sees it (`attemptStateSchema`), its items revealing keys only when
 * core's `revealsAnswer` allows: JSON assembled from the items' kept fragments (issue 10: the
 * exam-night resume; issue 25: a new lite set, a submit's reply).
 */
/**
 * One item as the client may see it: the key, the rationale and the correctness only once core's
 * `revealsAnswer` allows (a saved answer's reply; `attemptReply` writes the same fields).
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
 * The attempt a submit just finished, from what its finish read and decided, as `stateOf` would
 * read it back after the commit: no read of the attempt after the commit (ADR 038); its questions
 * come from the fragments kept per content version (item-content-cache.ts).
 */
export function finishedReply(
  db: Db,
  row: AttemptClock,
  { state, result, submittedAt }: FinishedAttempt,
  now: Date,
): Promise<AttemptReply> {
  const kind = asKind(row.kind);
  if (state.contentVersion === undefined) {
    throw new AppError('INTERNAL', 'The finish was not read for its reply.');
  }
  return attemptReply(
    db,
    {
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
      items: state.items.map((item) => ({ questionId: item.questionId, partId: item.partId })),
      answers: state.items.flatMap((item) =>
        item.answer
          ? [
              [
                item.questionId,
                item.answer.choiceIndex,
                item.answer.flagged,
                item.answer.isCorrect,
              ] as AttemptResume['answers'][number],
            ]
          : [],
      ),
      contentVersion: state.contentVersion,
      ownerGranted: true,
    },
    now,
  );
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
 * The attempt for the client, serialised here from its answers and the questions' kept fragments
 * (item-content-cache.ts): an item's opening, then its answer, then its reveal where core's
 * `revealsAnswer` shows the key (a submitted attempt, an answered lite item). A mock in progress
 * (the exam-night resume) reads no key at all.
 */
export async function attemptReply(db: Db, view: AttemptResume, now: Date): Promise<AttemptReply> {
  // The saves that follow a start or a resume are decided on it (save-answer.ts).
  rememberAttempt(db, view);
  const kind = asKind(view.kind);
  const submitted = view.status === 'submitted';
  const answers = new Map(view.answers.map(([questionId, ...rest]) => [questionId, rest]));
  const visible = visiblePartIds(view.sittings, submitted);
  const shown = view.items.filter(
    (item) => !visible || (item.partId !== null && visible.has(item.partId)),
  );
  const revealed = new Set(
    shown.flatMap((item) =>
      revealsAnswer(kind, submitted, (answers.get(item.questionId)?.[0] ?? null) !== null)
        ? [item.questionId]
        : [],
    ),
  );
  const { openings, reveals } = await itemFragments(
    db,
    shown.map((item) => item.questionId),
    [...revealed],
    view.contentVersion,
  );
  const items: Buffer[] = [];
  for (const item of shown) {
    const opening = openings.get(item.questionId);
    const reveal = revealed.has(item.questionId) ? reveals.get(item.questionId) : undefined;
    // A question deleted from the bank since simply drops out of the view, whichever of its
    // fragments went first.
    if (!opening || (revealed.has(item.questionId) && !reveal)) continue;
    const [choiceIndex = null, flagged = false, isCorrect = null] =
      answers.get(item.questionId) ?? [];
    if (items.length > 0) items.push(COMMA);
    if (reveal) {
      items.push(opening, revealedMiddle(item.partId, choiceIndex, flagged, isCorrect), reveal);
    } else {
      items.push(opening, itemTail(item.partId, choiceIndex, flagged));
    }
  }
  const answered = new Set(
    view.answers.flatMap(([id, choiceIndex]) => (choiceIndex !== null ? [id] : [])),
  );
  const head: Omit<AttemptState, 'items'> = {
    ...stateHead(view, kind, now, view.items, answered),
    result: submitted ? (view.result as QuizResult | null) : null,
  };
  const json = JSON.stringify(head);
  return new SerializedAttemptState(
    Buffer.concat([Buffer.from(`${json.slice(0, -1)},"items":[`), ...items, Buffer.from(']}')]),
  );
}

/** The answer of a revealed item, between its opening and its reveal (`itemView`'s fields). */
function revealedMiddle(
  partId: string | null,
  choiceIndex: number | null,
  flagged: boolean,
  isCorrect: boolean | null,
): Buffer {
  return Buffer.from(
    `"partId":${JSON.stringify(partId)},"choiceIndex":${JSON.stringify(choiceIndex)},"flagged":${flagged},"isCorrect":${isCorrect ?? false},`,
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
