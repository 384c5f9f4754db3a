import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSpeech } from './speech';

class FakeUtterance {
  lang = '';
  rate = 0;
  pitch = 0;
  constructor(readonly text: string) {}
}

afterEach(() => vi.unstubAllGlobals());

describe('browserSpeech', () => {
  it('speaks English (US) at rate 1 and pitch 1, cutting off what was still being read', () => {
    const synth = { speak: vi.fn(), cancel: vi.fn() };
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    const speech = browserSpeech();
    speech.speak('Section one.');
    expect(synth.cancel).toHaveBeenCalledTimes(1);
    expect(synth.speak).toHaveBeenCalledWith(expect.objectContaining({ text: 'Section one.', lang: 'en-US', rate: 1, pitch: 1 }));
    speech.cancel();
    expect(synth.cancel).toHaveBeenCalledTimes(2);
  });

  it('stays silent where the browser has no speech synthesis: no utterance is made, nothing throws', () => {
    const made = vi.fn();
    vi.stubGlobal('speechSynthesis', undefined);
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class extends FakeUtterance {
        constructor(text: string) {
          super(text);
          made(text);
        }
      },
    );
    const speech = browserSpeech();
    expect(() => speech.speak('Section one.')).not.toThrow();
    expect(() => speech.cancel()).not.toThrow();
    expect(made).not.toHaveBeenCalled();
  });

  it('stays silent where the browser has speechSynthesis but no utterances', () => {
    const synth = { speak: vi.fn(), cancel: vi.fn() };
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal('SpeechSynthesisUtterance', undefined);
    browserSpeech().speak('Section one.');
    expect(synth.speak).not.toHaveBeenCalled();
  });
});
