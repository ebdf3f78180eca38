import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Db } from '../../platform/db/client.ts';
import { findUserByEmail, setRole } from './repository.ts';

/**
 * The operator CLI's grant-admin and revoke-admin (docs/product.md#staff: staff are granted from the
 * command line): one transaction, audited with 'cli' as the actor.
 */
export async function setRoleFromCli(
  db: Db,
  input: { email: string; role: 'student' | 'admin'; action: string },
): Promise<{ outcome: 'no-user' } | { outcome: 'unchanged' | 'changed'; email: string }> {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) return { outcome: 'no-user' as const };
    if (user.role === input.role) return { outcome: 'unchanged' as const, email: user.email };
    await setRole(tx, user.id, input.role);
    await appendAudit(tx, {
      actorUserId: null,
      actorEmail: 'cli',
      action: input.action,
      targetType: 'user',
      targetId: user.id,
      details: { from: user.role, to: input.role },
    });
    return { outcome: 'changed' as const, email: user.email };
  });
}
