import type { Tx } from '../../platform/db/client.ts';
import type { ActivityState } from '../progress/activity.read-model.ts';
import { type Activity, recordActivity } from '../progress/record-activity.ts';
import type { Progress } from '../progress/repository.ts';

/** Time studied on one topic, as an activity: no answers, no gems, not a finished session. */
export function studyTime(topicId: string, seconds: number): Activity {
  return {
    topics: [{ topicId, answered: 0, correct: 0, seconds }],
    gems: 0,
    drillPoints: 0,
    finished: false,
  };
}

/**
 * Time studied on one topic without answers (a card reviewed, a note read): it feeds the topic
 * stats, and neither pays gems nor counts as a finished session for the streak.
 */
export async function recordStudyTime(
  tx: Tx,
  userId: string,
  topicId: string,
  seconds: number,
  now: Date,
  /** The user row's progress, locked by the caller's statement (recordActivity's first step). */
  locked?: Progress,
  /** The activity's state, when the caller read it after that lock (ADR 036). */
  read?: ActivityState,
): Promise<void> {
  await recordActivity(tx, userId, studyTime(topicId, seconds), now, locked, read);
}
