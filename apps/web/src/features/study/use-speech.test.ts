import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pickVoice, useSpeechVoices } from './use-speech.ts';

const voice = (lang: string, isDefault = false) =>
  ({ name: lang, lang, default: isDefault }) as SpeechSynthesisVoice;

/** A speech engine whose voice list starts empty and fills in with 'voiceschanged', as Chrome's. */
function lateVoices() {
  const listeners = new Set<() => void>();
  let voices: SpeechSynthesisVoice[] = [];
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => voices,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  });
  return (next: SpeechSynthesisVoice[]) => {
    voices = next;
    for (const fn of listeners) fn();
  };
}

// docs/product.md "Listen mode": say there is no voice only once the browser had time to load them.
describe('useSpeechVoices', () => {
  it('is checking while the list is empty, and believes it is empty after 2 s', () => {
    vi.useFakeTimers();
    lateVoices();
    const { result } = renderHook(() => useSpeechVoices());
    expect(result.current.status).toBe('checking');
    act(() => vi.advanceTimersByTime(1_999));
    expect(result.current.status).toBe('checking');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.status).toBe('none');
  });

  it('is ready once the voices arrive late', () => {
    vi.useFakeTimers();
    const arrive = lateVoices();
    const { result } = renderHook(() => useSpeechVoices());
    act(() => arrive([voice('en-US', true)]));
    expect(result.current.status).toBe('ready');
  });

  it('says unsupported where the browser has no speech synthesis', () => {
    const { result } = renderHook(() => useSpeechVoices());
    expect(result.current.status).toBe('unsupported');
  });
});

describe('pickVoice', () => {
  it('prefers Philippine English, then the default English voice', () => {
    expect(pickVoice([voice('en-US'), voice('en-PH'), voice('fil-PH', true)])?.lang).toBe('en-PH');
    expect(pickVoice([voice('en-GB'), voice('en-US', true), voice('fil-PH')])?.lang).toBe('en-US');
    expect(pickVoice([voice('fil-PH', true)])?.lang).toBe('fil-PH');
    expect(pickVoice([])).toBeNull();
  });
});
