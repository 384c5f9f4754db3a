import { Link } from 'react-router-dom';
import { DATA_RETENTION_DAYS } from '@fluent/contracts';
import { InfoPage } from '@/components/layout/info-page';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { numberWord } from '@/lib/number-words';

/** 365 → 'one year', 730 → 'two years', other counts in days. */
export function retentionPeriod(days: number): string {
  const years = days / 365;
  if (!Number.isInteger(years) || years < 1) return `${days} days`;
  return `${numberWord(years)} ${years === 1 ? 'year' : 'years'}`;
}

export function PrivacyRoute() {
  return (
    <InfoPage
      title="Privacy Policy"
      updated="March 3, 2026"
      lead="We collect your name, contact information and demographics, and we use cookies. This page explains exactly what that means, why we do it and what you can ask of us."
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Name.</strong> Only if you sign in with Google: the display name Google shares with us. Sign-up with email does not ask for
          a name.
        </li>
        <li>
          <strong>Contact information.</strong> Your email address and, if you sign up with email, your mobile number.
        </li>
        <li>
          <strong>Demographics.</strong> None at present. If we ever ask for details such as your country or why you are preparing for a
          test, answering will be optional, and we will use the answers only in aggregate to improve the tests.
        </li>
      </ul>

      <h2>What we store, and why</h2>
      <ul>
        <li>
          <strong>Your account</strong>: email address, mobile number or name as above, and a record that you have an account. Your password
          is kept by our sign-in service (Keycloak) as a secure hash; we never see it in plain text.
        </li>
        <li>
          <strong>Your payment status</strong>: whether you have unlocked the premium tests and the date of that payment. Card details go
          straight to our payment provider, Stripe, and never reach our servers.
        </li>
        <li>
          <strong>Your test attempts</strong>: your answers, scores and the writing feedback on them, so that you can see your results and
          we can mark a test as completed.
        </li>
        <li>
          <strong>Messages you send us</strong> through the contact form: your name, email address and message, so that we can answer.
        </li>
        <li>
          <strong>Page views</strong>: which page of the site was opened, and on which day. Nothing else: no account, no address, no device
          details. We do not count your visits at all when your browser sends Do Not Track or Global Privacy Control.
        </li>
      </ul>

      <h2>Cookies</h2>
      <ul>
        <li>
          <strong>Session cookie</strong> (<code>fluent_session</code>): keeps you signed in. It cannot be read by scripts on the page and is
          sent only to our sign-in endpoints. It is strictly necessary; without it you cannot stay signed in.
        </li>
        <li>
          <strong>Google sign-in cookie</strong>: a short-lived cookie that protects the sign-in with Google against forgery, deleted when
          the sign-in finishes.
        </li>
        <li>
          <strong>Analytics cookies</strong>: only where we have turned on Google Analytics, which sets its own cookies to count visits. It
          is never loaded when your browser sends Do Not Track or Global Privacy Control.
        </li>
      </ul>

      <h2>Who else handles your data</h2>
      <p>
        Stripe processes card payments. Google handles sign-in with Google, and Google Analytics where it is turned on. We do not sell your
        data or share it with advertisers.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>Your account, payment status and attempts</strong>: while you have an account.
        </li>
        <li>
          <strong>Contact messages</strong>: {retentionPeriod(DATA_RETENTION_DAYS.contactMessages)} after they reach us, then deleted
          automatically; sooner if you ask.
        </li>
        <li>
          <strong>Page views</strong>: within a few days each view is merged into a count of views per page and day, and those counts are
          deleted after {retentionPeriod(DATA_RETENTION_DAYS.pageViewCounts)}. They contain no personal data.
        </li>
      </ul>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, ask us to correct it, or ask us to delete your account and everything linked to it. Write to{' '}
        <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a> or use our <Link to={paths.contact}>contact page</Link>; we answer
        within 30 days.
      </p>

      <h2>Security</h2>
      <p>
        All traffic is encrypted in production. Your session lives in a cookie that page scripts cannot read, access tokens expire after
        five minutes, and every request is checked on our servers, not only in your browser.
      </p>

      <h2>Changes</h2>
      <p>If we change this policy, we will update the date at the top of the page and, for important changes, tell you by email.</p>
    </InfoPage>
  );
}
