import type { Tx } from '../db/client.ts';

/**
 * Re-evaluates the user's streak and mastery challenges after progress changed (issue 5: Tasks),
 * turning newly earned items from 'locked' to 'unclaimed'. Called inside recordActivity's
 * transaction. The Tasks work fills this in; until then no challenge unlocks.
 */
export async function refreshChallenges(_tx: Tx, _userId: string, _now: Date): Promise<void> {}
