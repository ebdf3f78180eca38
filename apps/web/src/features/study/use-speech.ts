import { useEffect, useState } from 'react';

export type VoiceStatus = 'checking' | 'unsupported' | 'none' | 'ready';

/** How long to wait for voiceschanged before saying there is no voice (Chrome loads them late). */
const VOICE_WAIT_MS = 2_000;

function synth(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window
    ? window.speechSynthesis
    : null;
}

/**
 * Whether this browser can read aloud: speechSynthesis must exist and offer at least one voice.
 * getVoices() is often empty at first and fills in with the voiceschanged event, so an empty list
 * is only believed after a short wait.
 */
export function useSpeechVoices(): { status: VoiceStatus; voices: SpeechSynthesisVoice[] } {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth()?.getVoices() ?? []);
  const [waited, setWaited] = useState(false);

  useEffect(() => {
    const s = synth();
    if (!s) return;
    const update = () => setVoices(s.getVoices());
    s.addEventListener('voiceschanged', update);
    update();
    const timer = setTimeout(() => setWaited(true), VOICE_WAIT_MS);
    return () => {
      s.removeEventListener('voiceschanged', update);
      clearTimeout(timer);
    };
  }, []);

  if (!synth()) return { status: 'unsupported', voices: [] };
  if (voices.length > 0) return { status: 'ready', voices };
  return { status: waited ? 'none' : 'checking', voices };
}

/** An English voice, Philippine English first, else the browser's default. */
export function pickVoice(voices: SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  return (
    voices.find((v) => v.lang.toLowerCase() === 'en-ph') ??
    voices.find((v) => v.lang.toLowerCase().startsWith('en') && v.default) ??
    voices.find((v) => v.lang.toLowerCase().startsWith('en')) ??
    voices.find((v) => v.default) ??
    voices[0] ??
    null
  );
}

export function speechSynthesisOrNull() {
  return synth();
}
