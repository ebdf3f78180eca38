import { manilaIsoString, subscriptionStatusSchema } from '@pasado/core';
import { z } from 'zod';
import { setStatusFromCli } from '../modules/subscriptions/staff-status.service.ts';
import { subscriptionsOfEmail } from '../modules/subscriptions/subscriptions.service.ts';
import { setRoleFromCli } from '../modules/users/service.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors/app-error.ts';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  grant-admin <email>                             make the user staff (role admin)
  revoke-admin <email>                            make the user a student again
  subscriptions <email>                           list the user's subscriptions, newest first
  set-status <subscriptionId> <status> [reason]   change a status by the staff rules (audited as 'cli')

Statuses: ${subscriptionStatusSchema.options.join(', ')}

Exit codes: 0 done, 1 refused or not found, 2 usage error.`;

export interface AdminDeps {
  db: Db;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Tests pass a ManualClock; the command line uses the system clock. */
  clock?: Clock;
}

/** Exit codes of the operator CLI. */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

/**
 * The operator commands (docs/product.md#staff: staff are granted from the command line). Returns the
 * exit code; every change is one transaction with an audit row whose actor is 'cli'.
 */
export async function runAdminCommand(args: readonly string[], deps: AdminDeps): Promise<number> {
  const [command, ...rest] = args;
  const clock = deps.clock ?? systemClock;
  const usage = (problem?: string) => {
    if (problem) deps.err(problem);
    deps.err(ADMIN_USAGE);
    return EXIT.usage;
  };
  try {
    switch (command) {
      case 'grant-admin':
      case 'revoke-admin': {
        if (rest.length !== 1 || !z.email().safeParse(rest[0]).success) {
          return usage(`${command} takes one email address.`);
        }
        const role = command === 'grant-admin' ? 'admin' : 'student';
        const result = await setRoleFromCli(deps.db, {
          email: rest[0] ?? '',
          role,
          action: command,
        });
        if (result.outcome === 'no-user') {
          deps.err(`No user with the email ${rest[0]}.`);
          return EXIT.refused;
        }
        deps.out(
          result.outcome === 'unchanged'
            ? `${result.email} is already ${role}.`
            : `${result.email} is now ${role}.`,
        );
        return EXIT.ok;
      }
      case 'subscriptions': {
        if (rest.length !== 1) return usage('subscriptions takes one email address.');
        const found = await subscriptionsOfEmail(deps.db, rest[0] ?? '');
        if (!found) {
          deps.err(`No user with the email ${rest[0]}.`);
          return EXIT.refused;
        }
        const { user, subscriptions: subs } = found;
        if (subs.length === 0) {
          deps.out(`${user.email} has no subscriptions.`);
          return EXIT.ok;
        }
        const rows = subs.map((s) => [
          s.id,
          s.status,
          s.isFreeTrial ? 'free trial' : (s.selectedPlan?.name ?? '-'),
          s.id === user.currentSubscriptionId ? 'current' : s.queuedAt ? 'queued' : '',
          // Manila time, as every staff screen shows it: a term ending at midnight reads as its day.
          manilaIsoString(s.startsAt),
          manilaIsoString(s.expiryDate),
        ]);
        for (const line of table(['id', 'status', 'plan', 'role', 'starts', 'expires'], rows)) {
          deps.out(line);
        }
        return EXIT.ok;
      }
      case 'set-status': {
        const parsed = z
          .tuple([z.uuid(), subscriptionStatusSchema])
          .rest(z.string())
          .safeParse(rest);
        if (!parsed.success || rest.length > 3) {
          return usage('set-status takes a subscription id, a status and an optional reason.');
        }
        const [subscriptionId, status, reason] = parsed.data;
        if (reason !== undefined && reason.length > 500) {
          return usage('The reason is at most 500 characters.');
        }
        const { change, ownerEmail } = await setStatusFromCli(deps.db, {
          subscriptionId,
          to: status,
          reason,
          now: clock.now(),
        });
        if (!change) {
          deps.out(`Subscription ${subscriptionId} is already ${status}.`);
          return EXIT.ok;
        }
        const owner = ownerEmail ? ` (${ownerEmail})` : '';
        deps.out(`Subscription ${subscriptionId}${owner}: ${change.from} → ${change.status}.`);
        return EXIT.ok;
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        deps.out(ADMIN_USAGE);
        return command === undefined ? EXIT.usage : EXIT.ok;
      default:
        return usage(`Unknown command: ${command}`);
    }
  } catch (error) {
    if (error instanceof AppError && error.code !== 'INTERNAL') {
      deps.err(error.message);
      return EXIT.refused;
    }
    throw error;
  }
}

/** A plain fixed-width table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}
