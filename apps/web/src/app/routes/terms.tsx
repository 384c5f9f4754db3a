import { Link } from 'react-router-dom';
import { DEFAULT_FREE_TEST_COUNT, formatPrice, TEST_COUNT } from '@fluent/contracts';
import { InfoPage } from '@/components/layout/info-page';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { usePremiumPrice } from '@/features/payments/api/payments-config';
import { numberWord } from '@/lib/number-words';

export function TermsRoute() {
  const price = usePremiumPrice();
  return (
    <InfoPage
      title="Terms and Conditions"
      updated="March 3, 2026"
      lead="These terms explain what you can expect from Fluent and what we expect from you. Please read them before you create an account."
    >
      <h2>1. Who we are</h2>
      <p>
        Fluent is an online practice service for timed English writing and typing tests. By creating an account or using the site you
        agree to these terms. If you do not agree, please do not use Fluent.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>You need an account to take tests. Give us a working email address and keep your password to yourself.</li>
        <li>An account is for one person. Do not share it or let others take tests with it.</li>
        <li>You are responsible for what happens under your account. Tell us at once if you think someone else has used it.</li>
      </ul>

      <h2>3. Practice tests and results</h2>
      <p>
        Our tests imitate the format and timing of commercial English assessments, but they are practice material. Your scores are
        estimates meant to help you improve. They are not an official result, they cannot be used as proof of your level, and they do not
        promise any score in an official test. Fluent is independent and is not endorsed by any organisation that runs official tests.
      </p>

      <h2>4. Payment</h2>
      <ul>
        <li>
          {numberWord(DEFAULT_FREE_TEST_COUNT, { capitalised: true })} tests are free. A single payment of {formatPrice(price.amount)} (US
          dollars) unlocks the {numberWord(TEST_COUNT - DEFAULT_FREE_TEST_COUNT)} premium tests for the life of your account. There is no
          subscription and nothing renews.
        </li>
        <li>Card payments are handled by our payment provider, Stripe. We never see or store your full card number.</li>
        <li>
          If you were charged by mistake, or charged twice, write to us within 30 days and we will refund the payment. Because premium
          tests become available at once, we do not otherwise refund a payment after a premium test has been started.
        </li>
      </ul>

      <h2>5. Fair use</h2>
      <p>When you use Fluent, please do not:</p>
      <ul>
        <li>copy, publish or sell our questions, passages, prompts or articles;</li>
        <li>use scripts or automated tools to take tests, collect content or send messages;</li>
        <li>try to get around payment, rate limits or security, or to reach another person&apos;s account;</li>
        <li>send abusive, unlawful or misleading content through the contact form.</li>
      </ul>
      <p>We may suspend or close an account that breaks these rules.</p>

      <h2>6. Our content</h2>
      <p>
        The tests, the question bank, the blog and the design of the site belong to Fluent. You may use them for your own preparation.
        Your answers belong to you; you allow us to store and score them so that we can show you your results and feedback.
      </p>

      <h2>7. Availability and changes</h2>
      <p>
        We work to keep Fluent available and correct, but we cannot promise that it will always be free of interruptions or errors. We may
        improve, change or retire features. If we ever stop offering premium tests you have paid for, we will refund a fair share of your
        payment.
      </p>

      <h2>8. Liability</h2>
      <p>
        Fluent is provided as practice material. To the extent the law allows, we are not liable for indirect losses, such as a missed
        opportunity or a result in an official test. Nothing in these terms limits rights that you have by law as a consumer.
      </p>

      <h2>9. Closing your account</h2>
      <p>
        You can ask us to close your account at any time. We will then delete your account data as described in our{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>If we change these terms, we will update the date at the top of this page and, for important changes, tell you by email.</p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms are welcome at <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a> or through our{' '}
        <Link to={paths.contact}>contact page</Link>.
      </p>
    </InfoPage>
  );
}
