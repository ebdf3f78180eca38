import { describe, expect, it } from 'vitest';
import { liveEventSchema, liveRevokedSchema } from './contract/live.ts';
import { liveMessageOf, revokedReasonOf } from './live-event.ts';

const event = { kind: 'change', topic: 'users/u1', version: 3, data: { id: 'u1' } };

describe('liveMessageOf (a live `message` event, read without zod)', () => {
  it.each<[string, unknown]>([
    ['a change', event],
    ['a snapshot', { ...event, kind: 'snapshot', version: 0 }],
    ['a deleted document', { ...event, data: null }],
    ['no data at all', { kind: 'change', topic: 'users/u1', version: 3 }],
    ['a subscription', { ...event, topic: 'subscriptions/3f0c6e2a-1b7d-4c1e-9d55-2b8f0e6a7c41' }],
    ['the devices', { ...event, topic: 'login_devices/u1' }],
    ['extra fields', { ...event, at: '2026-11-23T00:00:00.000Z' }],
    ['an unknown kind', { ...event, kind: 'delete' }],
    ['no kind', { topic: 'users/u1', version: 3, data: null }],
    ['an unknown collection', { ...event, topic: 'sessions/u1' }],
    ['a topic without an id', { ...event, topic: 'users/' }],
    ['an id too long', { ...event, topic: `users/${'a'.repeat(65)}` }],
    ['the longest id', { ...event, topic: `users/${'a'.repeat(64)}` }],
    ['an id with a slash', { ...event, topic: 'users/u1/x' }],
    ['a topic with a line break', { ...event, topic: 'users/u1\n' }],
    ['a fractional version', { ...event, version: 1.5 }],
    ['a negative version', { ...event, version: -1 }],
    ['a version past the safe integers', { ...event, version: 2 ** 53 }],
    ['a version as text', { ...event, version: '3' }],
    ['no version', { kind: 'change', topic: 'users/u1', data: null }],
    ['an array', [event]],
    ['null', null],
    ['a string', JSON.stringify(event)],
  ])('%s: read exactly as the contract reads it', (_label, json) => {
    const parsed = liveEventSchema.safeParse(json);
    expect(liveMessageOf(json)).toEqual(parsed.success ? parsed.data : null);
  });

  it('keeps the document as sent', () => {
    expect(liveMessageOf(event)?.data).toBe(event.data);
  });
});

describe('revokedReasonOf (a live `revoked` event)', () => {
  it.each<[string, unknown]>([
    ['signed out', { reason: 'signed-out' }],
    ['another device', { reason: 'other-device' }],
    ['extra fields', { reason: 'other-device', at: 1 }],
    ['an unknown reason', { reason: 'too-many-streams' }],
    ['no reason', {}],
    ['null', null],
    ['an array', ['signed-out']],
  ])('%s: read exactly as the contract reads it', (_label, json) => {
    const parsed = liveRevokedSchema.safeParse(json);
    expect(revokedReasonOf(json)).toBe(parsed.success ? parsed.data.reason : null);
  });
});
