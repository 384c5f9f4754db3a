import type { RegisterReport } from '@fluent/contracts';
import { clamp, round, tokens } from './words';

/**
 * Register of a formal email: what makes it read as a text message instead. Contractions are
 * correct English but informal (Cambridge and most style guides keep them out of formal letters);
 * slang, capitals for emphasis, emoji and a run of exclamation marks are out of place.
 */
const SLANG = new Set(
  (
    'gonna wanna gotta kinda sorta lemme gimme dunno ya yeah yep yup nope nah lol lmao omg btw idk imo tbh ' +
    'u ur r pls plz thx thanx cuz coz bro dude guys hey awesome'
  ).split(' '),
);

/** Capitals that are names, not shouting. */
const ACRONYMS = new Set(
  'UK USA US EU UN TV BBC CEO HR IT ID PDF CV FAQ GPS ATM VAT PIN URL USB NHS DVD AM PM OK ASAP IELTS TOEFL PTE MBA PHD'.split(' '),
);

const CONTRACTION = /^[a-z]+'(t|re|ve|ll|d|m)$|^(it|that|there|here|what|who|where|he|she|let|how)'s$/;
const EMOJI = /\p{Extended_Pictographic}/gu;
const EMOTICON = /(^|\s)[:;=8][-']?[)(DPp/\\|*]+(?=\s|$)/g;

export function registerReport(text: string): RegisterReport {
  const words = tokens(text);
  const contractions = [...new Set(words.filter((t) => CONTRACTION.test(t.lower)).map((t) => t.word.replace(/’/g, "'")))];
  const slang = [...new Set(words.filter((t) => SLANG.has(t.lower)).map((t) => t.lower))];
  const capitals = words.filter((t) => /^\p{Lu}{3,}$/u.test(t.word) && !ACRONYMS.has(t.word));
  const lettered = words.filter((t) => /\p{L}/u.test(t.word)).length;
  // A word or two in capitals can be a name; more, or a fifth of the text, is shouting.
  const shouting = capitals.length >= 2 || (lettered > 0 && capitals.length / lettered >= 0.2) ? [...new Set(capitals.map((t) => t.word))] : [];
  const emoji = (text.match(EMOJI) ?? []).length + (text.match(EMOTICON) ?? []).length;
  const exclamationMarks = (text.match(/!/g) ?? []).length;
  const score = round(
    clamp(
      100 -
        10 * Math.min(3, contractions.length) -
        15 * Math.min(3, slang.length) -
        (shouting.length > 0 ? 30 : 0) -
        20 * Math.min(2, emoji) -
        Math.min(30, 10 * Math.max(0, exclamationMarks - 1)),
    ),
  );
  const ok = slang.length === 0 && shouting.length === 0 && emoji === 0 && exclamationMarks <= 1 && contractions.length <= 2;
  return { contractions, slang, shouting, emoji, exclamationMarks, score, ok };
}
