import { Link } from 'react-router-dom';
import {
  DEFAULT_FREE_TEST_COUNT,
  FILL_OPTION_COUNT,
  formatPrice,
  SECTION_KEYS,
  SECTION_NAMES,
  SECTION_SIZES,
  SECTION_TIMINGS_MS,
  TEST_COUNT,
  type SectionKey,
} from '@fluent/contracts';
import { InfoPage } from '@/components/layout/info-page';
import { paths } from '@/config/paths';
import { usePremiumPrice } from '@/features/payments/api/payments-config';
import { numberWord } from '@/lib/number-words';

const { typing, question, passageRead, passageWrite, email } = SECTION_TIMINGS_MS;
const seconds = (ms: number) => ms / 1000;
const minutes = (ms: number) => ms / 60_000;
const Count = (n: number) => numberWord(n, { capitalised: true });

/** What each section asks, stated from the sections' own sizes and timings. */
const SECTION_TEXTS: Record<SectionKey, string> = {
  typing: `Type a short dictation paragraph in ${seconds(typing)} seconds. We measure words per minute and accuracy.`,
  sentence: `${Count(SECTION_SIZES.sentences)} sentences with a missing word, ${seconds(question)} seconds each.`,
  fill: `${Count(SECTION_SIZES.fills)} questions with ${numberWord(FILL_OPTION_COUNT)} options each, ${seconds(question)} seconds each.`,
  jumbled: `${Count(SECTION_SIZES.jumbled)} scrambled sentences to put back in order, ${seconds(question)} seconds each.`,
  passage: `${Count(SECTION_SIZES.passages)} short passages: ${seconds(passageRead)} seconds to read, ${seconds(passageWrite)} seconds to rewrite each in your own words.`,
  email: `${Count(SECTION_SIZES.emails)} formal email in response to a prompt, written within ${minutes(email)} minutes.`,
};

export function AboutRoute() {
  const price = usePremiumPrice();
  return (
    <InfoPage
      title="About Us"
      lead="Fluent helps learners, students and job seekers prepare for timed, computer-scored English tests of writing and typing, by practising under the same conditions."
    >
      <h2>Why we built Fluent</h2>
      <p>
        Many people who write English well lose points in timed tests because the format is new to them: a clock on every question, a
        passage that disappears after {numberWord(seconds(passageRead))} seconds, an email to write in {numberWord(minutes(email))} minutes. The
        knowledge is there; the routine is not. We built Fluent so that the routine can be learned before the day that counts.
      </p>
      <p>
        We are a small team of English teachers and software engineers. The questions, passages and prompts in every test, and the
        articles on our <Link to={paths.blog}>blog</Link>, are our own work.
      </p>

      <h2>What a test looks like</h2>
      <p>
        Each of the {numberWord(TEST_COUNT)} mock tests has {numberWord(SECTION_KEYS.length)} sections, always in the same order, and takes about
        forty minutes:
      </p>
      <ol className="section-list">
        {SECTION_KEYS.map((section) => (
          <li key={section}>
            <strong>{SECTION_NAMES[section]}.</strong> {SECTION_TEXTS[section]}
          </li>
        ))}
      </ol>
      <p>
        Every section starts with a short introduction, read aloud, and waits until you are ready. Once a section has started, its timers
        run just as they would in a real test.
      </p>

      <h2>How we score</h2>
      <p>
        Your results appear as soon as you finish. Typing is scored by speed and accuracy, word by word; sentence completion, fill in the
        blanks and jumbled words are checked against the accepted answers; and your passages and email get feedback on their writing.
        Scores are practice estimates that show where to improve. They are not an official result, and Fluent is not connected with any
        organisation that runs official English tests.
      </p>

      <h2>Free and premium tests</h2>
      <p>
        The first {numberWord(DEFAULT_FREE_TEST_COUNT)} tests are free for everyone with an account. One payment of {formatPrice(price.amount)}{' '}
        unlocks the other {numberWord(TEST_COUNT - DEFAULT_FREE_TEST_COUNT)}, for as long as you keep your account. There is no subscription.
      </p>

      <div className="cta-row">
        <Link to={paths.login} className="button primary">
          Take the Test
        </Link>
        <Link to={paths.contact} className="button">
          Contact Us
        </Link>
      </div>
    </InfoPage>
  );
}
