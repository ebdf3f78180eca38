import type { AuditEntry } from '@pasado/core/contract';
import { describe, expect, it } from 'vitest';
import { auditActor, describeAudit, groupRefCode, shownReference } from './labels.ts';

const entry = (
  action: string,
  details: Record<string, unknown>,
  actorEmail: string | null = null,
) => ({ action, details, actorEmail }) as unknown as AuditEntry;

// docs/product.md "Staff console": a payment's proof and trail, in staff's words.
describe("the payment queue's labels", () => {
  it('writes a 13-digit reference code in groups of four, as wallet statements do', () => {
    expect(groupRefCode('1234567890123')).toBe('1234 5678 9012 3');
  });

  it('groups a statement line’s GCash reference, and leaves any other as it is', () => {
    expect(shownReference('1234567890123')).toBe('1234 5678 9012 3');
    expect(shownReference('MAYA-88A1')).toBe('MAYA-88A1');
  });

  it('describes each audit entry in words', () => {
    expect(
      describeAudit(
        entry('subscribeUser', { plan: '3-months', queued: true, proof: 'screenshot' }),
      ),
    ).toBe('Bought 3 Months (extension), proof by screenshot');
    expect(
      describeAudit(entry('updateSubscriptionStatus', { from: 'pending', to: 'forVerification' })),
    ).toBe('Pending → For verification');
    expect(describeAudit(entry('message.archive', {}))).toBe('Archived a message');
  });

  it('names who acted: staff by email, the operator CLI, or the system', () => {
    expect(auditActor(entry('x', {}, 'queue.staff@example.com'))).toBe('queue.staff@example.com');
    expect(auditActor(entry('x', {}, 'cli'))).toBe('Operator (command line)');
    expect(auditActor(entry('x', {}, null))).toBe('System');
  });
});
