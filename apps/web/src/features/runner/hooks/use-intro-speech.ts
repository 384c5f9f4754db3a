import { useEffect } from 'react';
import type { Speech } from '../lib/speech';

/** Reads an intro card's text aloud while it shows; Start Section (the card going) cancels it. */
export function useIntroSpeech(speech: Speech, text: string | undefined): void {
  useEffect(() => {
    if (!text) return;
    speech.speak(text);
    return () => speech.cancel();
  }, [speech, text]);
}
