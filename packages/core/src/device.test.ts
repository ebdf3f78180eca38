import { describe, expect, it } from 'vitest';
import { DEFAULT_OBFUSCATION_KEY, decideDeviceCheck, deobfuscate, obfuscate } from './device.ts';

describe('obfuscate / deobfuscate (docs/product.md#local-session-table)', () => {
  it.each([
    [''],
    ['device-3f2a9c1e-7b4d-4e1a-9c0f-2b8d6e5a1f00'],
    ['Ñiño — “quoted” ₱199'],
    ['日本語テキスト'],
    ['emoji 😀🇵🇭'],
    ['{"uid":"u1","level":"emerald"}'],
    ['x'.repeat(1000)],
  ])('round-trips %j with the default key', (value) => {
    const hidden = obfuscate(value);
    expect(deobfuscate(hidden)).toBe(value);
    if (value.length > 0) expect(hidden).not.toContain(value);
    expect(hidden).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
  });

  it.each([['k'], ['a longer custom key'], ['ключ🔑']])('round-trips with key %j', (key) => {
    const value = 'Maria Clara ñ 😀';
    expect(deobfuscate(obfuscate(value, key), key)).toBe(value);
    expect(obfuscate(value, key)).not.toBe(obfuscate(value));
  });

  it('is stable for the same input (so stored values can be compared)', () => {
    expect(obfuscate('abc')).toBe(obfuscate('abc'));
    expect(DEFAULT_OBFUSCATION_KEY.length).toBeGreaterThan(0);
  });

  it.each([
    ['not base64', '@@@not base64@@@'],
    ['bad length', 'abcde'],
    ['invalid UTF-8 after XOR', obfuscate('x').replace(/^./, (c) => (c === '/' ? '+' : '/'))],
  ])('deobfuscate throws on %s', (_label, value) => {
    expect(() => deobfuscate(value)).toThrow('Malformed obfuscated value');
  });

  it.each([
    ['obfuscate', () => obfuscate('a', '')],
    ['deobfuscate', () => deobfuscate('YQ==', '')],
  ])('%s refuses an empty key', (_name, call) => {
    expect(call).toThrow(RangeError);
  });
});

describe('decideDeviceCheck (docs/product.md#single-device, #errors)', () => {
  it.each<[string | null, string | null, 'ok' | 'invalid']>([
    ['dev-1', 'dev-1', 'ok'],
    ['dev-1', 'dev-2', 'invalid'],
    [null, 'dev-1', 'invalid'],
    ['dev-1', null, 'invalid'],
    [null, null, 'invalid'],
    ['', '', 'invalid'],
    ['', 'dev-1', 'invalid'],
    ['dev-1', '', 'invalid'],
    ['DEV-1', 'dev-1', 'invalid'],
  ])('local %j, server %j → %s', (localDeviceId, serverCurrentDevice, result) => {
    expect(decideDeviceCheck({ localDeviceId, serverCurrentDevice })).toBe(result);
  });
});
