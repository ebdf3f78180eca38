import { describe, expect, it } from 'vitest';
import { payloadBytes, SESSION_LOG_LIMITS } from './session-logs.ts';

describe('payloadBytes', () => {
  it('counts the JSON in bytes of UTF-8, so a peso sign or ñ weighs what it costs', () => {
    expect(payloadBytes({})).toBe(2);
    expect(payloadBytes({ a: 'x' })).toBe(9);
    expect(payloadBytes({ a: '₱' })).toBe(11);
    expect(payloadBytes({ a: 'ñ' })).toBe(10);
  });

  it('keeps the limits a few KB and a few months', () => {
    expect(SESSION_LOG_LIMITS.maxBytes).toBeLessThanOrEqual(8_192);
    expect(SESSION_LOG_LIMITS.retentionDays).toBe(90);
  });
});
