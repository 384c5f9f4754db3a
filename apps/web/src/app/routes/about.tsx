import { Link } from 'react-router-dom';
import { InfoPage } from '@/components/layout/info-page';
import { paths } from '@/config/paths';

const SECTIONS = [
  ['Typing Test', 'Type a short dictation paragraph in 60 seconds. We measure words per minute and accuracy.'],
  ['Sentence Completion', 'Ten sentences with a missing word, 30 seconds each.'],
  ['Fill in the Blanks', 'Ten questions with three options each, 30 seconds each.'],
  ['Jumbled Words', 'Fifteen scrambled sentences to put back in order, 30 seconds each.'],
  ['Passage Reconstruction', 'Three short passages: 30 seconds to read, 90 seconds to rewrite each in your own words.'],
  ['Email Writing', 'One formal email in response to a prompt, written within 5 minutes.'],
] as const;

export function AboutRoute() {
  return (
    <InfoPage
      title="About Us"
      lead="Fluent helps learners, students and job seekers prepare for timed, computer-scored English tests of writing and typing, by practising under the same conditions."
    >
      <h2>Why we built Fluent</h2>
      <p>
        Many people who write English well lose points in timed tests because the format is new to them: a clock on every question, a
        passage that disappears after thirty seconds, an email to write in five minutes. The knowledge is there; the routine is not. We
        built Fluent so that the routine can be learned before the day that counts.
      </p>
      <p>
        We are a small team of English teachers and software engineers. The questions, passages and prompts in every test, and the
        articles on our <Link to={paths.blog}>blog</Link>, are our own work.
      </p>

      <h2>What a test looks like</h2>
      <p>Each of the twenty mock tests has six sections, always in the same order, and takes about forty minutes:</p>
      <ol className="section-list">
        {SECTIONS.map(([name, text]) => (
          <li key={name}>
            <strong>{name}.</strong> {text}
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
        The first three tests are free for everyone with an account. One payment of $49.99 unlocks the other seventeen, for as long as you
        keep your account. There is no subscription.
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
