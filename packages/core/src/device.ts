// Core compiles with lib ES2023 and no DOM/Node types; these globals exist in Node 20 and browsers.
declare function btoa(data: string): string;
declare function atob(data: string): string;
declare const TextEncoder: new () => { encode(input: string): Uint8Array };
declare const TextDecoder: new (
  label?: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };

/**
 * The built-in default key for values in the local session table (docs/product.md#local-session-table).
 * This is obfuscation against casual reading, not encryption: the key ships with the app.
 */
export const DEFAULT_OBFUSCATION_KEY = 'pasado:sessions-table:v1';

function keyBytes(key: string): Uint8Array {
  const bytes = new TextEncoder().encode(key);
  if (bytes.length === 0) throw new RangeError('Obfuscation key must not be empty');
  return bytes;
}

function xor(bytes: Uint8Array, mask: Uint8Array): Uint8Array {
  return bytes.map((byte, i) => byte ^ (mask[i % mask.length] ?? 0));
}

/**
 * Obfuscates a stored value (docs/product.md#local-session-table): UTF-8 bytes XOR the key, then base64.
 * Reversed by deobfuscate with the same key.
 */
export function obfuscate(value: string, key: string = DEFAULT_OBFUSCATION_KEY): string {
  const bytes = xor(new TextEncoder().encode(value), keyBytes(key));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Reverses obfuscate (docs/product.md#local-session-table). Throws an Error when the value is not base64
 * or does not decode to UTF-8 with this key, so a corrupt entry is handled like a failed read
 * (docs/product.md#single-device 'Error while trying to log in. Please try again.').
 */
export function deobfuscate(value: string, key: string = DEFAULT_OBFUSCATION_KEY): string {
  const k = keyBytes(key);
  let binary: string;
  try {
    binary = atob(value);
  } catch {
    throw new Error('Malformed obfuscated value');
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(xor(bytes, k));
  } catch {
    throw new Error('Malformed obfuscated value');
  }
}

/**
 * Single-device check (docs/product.md#single-device, #errors): 'invalid' when the local device id is missing,
 * the server has no current device recorded, or the two differ; otherwise 'ok'.
 */
export function decideDeviceCheck(input: {
  localDeviceId: string | null;
  serverCurrentDevice: string | null;
}): 'ok' | 'invalid' {
  const { localDeviceId, serverCurrentDevice } = input;
  if (!localDeviceId || !serverCurrentDevice) return 'invalid';
  return localDeviceId === serverCurrentDevice ? 'ok' : 'invalid';
}
