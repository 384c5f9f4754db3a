/** Reads the section intros aloud (docs/product.md#the-test-screen): English (US), rate 1, pitch 1. */
export interface Speech {
  speak(text: string): void;
  cancel(): void;
}

const silent: Speech = { speak: () => undefined, cancel: () => undefined };

export function browserSpeech(): Speech {
  if (typeof window === 'undefined' || !window.speechSynthesis || typeof SpeechSynthesisUtterance === 'undefined') return silent;
  const synth = window.speechSynthesis;
  return {
    speak(text) {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'en-US';
      utterance.rate = 1;
      utterance.pitch = 1;
      // Whatever was still being read belongs to a card that has gone.
      synth.cancel();
      synth.speak(utterance);
    },
    cancel() {
      synth.cancel();
    },
  };
}
