// A whole learner journey through the real stack, then every log the stack wrote
// (.data/<profile>/logs/*.log: the apps, NATS, Keycloak, LanguageTool, the databases) is searched
// for what must never be written down: tokens, the password, the session cookie, the card number,
// the texts a learner wrote (the email body, passages, a contact message, a report's note).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blankTestAnswers } from '@fluent/contracts';
import { submission, submitAttempt, uidOf } from '../support/catalog';
import { createIntent, confirmTestCard, waitUntilPaid } from '../support/payments';
import { APPS, STACK } from '../../tools/stack/components.mjs';
import { api, eventually, gatewayUrl, logLines, profile } from '../support/stack';
import { bearer, sessionCookieOf } from '../support/users';

/** Every log file of the profile, as one text per file. */
const logs = () => readdirSync(profile.logDir).filter((name) => name.endsWith('.log')).map((name) => ({ name, text: readFileSync(join(profile.logDir, name), 'utf8') }));

/** A JSON Web Token (header and payload are base64url JSON objects: they start with `eyJ`). */
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/;

describe('log hygiene', () => {
  it('no token, password, session cookie, card number or learner text in any log after a full learner journey', async () => {
    const marker = randomUUID().slice(0, 8);
    const email = `hygiene-${marker}@example.com`;
    const password = `Pw-${randomUUID()}`;
    const secrets: Record<string, string> = { password };

    // Sign up, sign in, restore the session from the cookie (a page load), read the dashboard.
    const signedUp = await api('/api/auth/signup', { method: 'POST', body: JSON.stringify({ email, password, mobileNumber: '0123456789' }) });
    expect(signedUp.status).toBe(201);
    secrets.signUpToken = signedUp.body.accessToken;
    const login = await fetch(`${gatewayUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    secrets.accessToken = token;
    let cookie = sessionCookieOf(login)!;
    secrets.loginCookie = cookie.split('=')[1]!;
    const restored = await fetch(`${gatewayUrl}/api/auth/session`, { method: 'POST', headers: { cookie } });
    expect(restored.status).toBe(200);
    secrets.restoredToken = ((await restored.json()) as { accessToken: string }).accessToken;
    cookie = sessionCookieOf(restored)!;
    secrets.restoredCookie = cookie.split('=')[1]!;
    for (const path of ['/api/me', '/api/tests', '/api/attempts', '/api/tests/1']) expect((await api(path, { headers: bearer(token) })).status, path).toBe(200);
    const uid = await uidOf(token);

    // A test with texts of the learner's own, then its writing feedback (LanguageTool reads them).
    secrets.emailBody = `Dear Sir, EMAILBODY${marker} I am writing about the late delivery of my order. Yours faithfully`;
    secrets.passage = `The museum PASSAGE${marker} opened its doors again after the long repair work.`;
    secrets.typing = `TYPING${marker} the quick brown fox`;
    const answers = blankTestAnswers({
      typing: { text: secrets.typing, elapsedMs: 60_000, timeline: [[1000, 5], [2000, secrets.typing.length]] },
      passageInputs: [secrets.passage, '', ''],
      emailInput: secrets.emailBody,
      sentenceAnswers: [`SENTENCE${marker}`, ...Array<string>(9).fill('')],
    });
    const attempt = await submitAttempt(token, 1, submission(answers));
    expect(attempt.status).toBe(201);
    await eventually(() => api(`/api/attempts/${attempt.body.attemptId}/feedback`, { headers: bearer(token) }), (r) => r.status === 200, 45_000);
    secrets.reportNote = `REPORTNOTE${marker} this should count`;
    const report = { section: 'sentences', itemId: attempt.body.questions.sentences[0].id, reason: 'answer-should-be-accepted', comment: secrets.reportNote };
    expect((await api(`/api/attempts/${attempt.body.attemptId}/reports`, { method: 'POST', headers: bearer(token), body: JSON.stringify(report) })).status).toBe(201);

    // A contact message, and the premium payment with a test card.
    secrets.contactMessage = `CONTACTMSG${marker} please call me back`;
    expect((await api('/api/contact', { method: 'POST', body: JSON.stringify({ name: 'Hygiene Test', email, message: secrets.contactMessage }) })).status).toBe(201);
    const intent = await createIntent(token);
    expect(intent.status).toBe(200);
    secrets.clientSecret = intent.body.clientSecret;
    expect((await confirmTestCard(token, intent.body.paymentIntentId, '4242 4242 4242 4242', { cvc: '987', expiry: '11/33' })).status).toBe(200);
    await waitUntilPaid(token);

    // Sign out.
    expect((await fetch(`${gatewayUrl}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);

    // Each app's last line of the journey, or a line asked of it after the journey, is in its file
    // before any file is searched: a line still on its way when the search ran would pass unseen.
    // The gateway logs a refused request with the caller's id; blog-service a dropped honeypot message.
    const endOfJourney = `hygiene-end-${marker}`;
    expect((await fetch(`${gatewayUrl}/api/me`, { headers: { 'x-request-id': endOfJourney } })).status).toBe(401);
    expect((await api('/api/contact', { method: 'POST', body: JSON.stringify({ name: 'Hygiene End', email: `${endOfJourney}@example.com`, message: 'x', website: 'http://spam.example' }) })).status).toBe(201);
    const written: Record<string, RegExp> = {
      gateway: new RegExp(`"clientRequestId":"${endOfJourney}"`),
      'blog-service': new RegExp(`honeypot filled \\(email ${endOfJourney}@example\\.com`),
      'auth-service': /paidTests set for /,
      'catalog-service': /Premium tests unlocked for /,
      'payment-service': /payment\.succeeded published for /,
      'feedback-service': new RegExp(`Feedback for attempt ${attempt.body.attemptId} stored`),
    };
    for (const [component, line] of Object.entries(written)) {
      const ofThisJourney = (text: string) => line.test(text) && (component === 'gateway' || component === 'blog-service' || component === 'feedback-service' || text.includes(uid));
      await eventually(async () => logLines(component, line).filter(ofThisJourney).length, (n) => n > 0, 15_000).catch((error: unknown) => {
        throw new Error(`${component}.log never got its line of this journey (${line}): ${String(error)}`);
      });
    }

    const found: string[] = [];
    const cardNumbers = [/4242[ -]?4242[ -]?4242[ -]?4242/, /cvc\\?"\s*:\s*\\?"987/, /11\/33/];
    for (const { name, text } of logs()) {
      for (const [what, value] of Object.entries(secrets)) if (value && text.includes(value)) found.push(`${name}: ${what}`);
      for (const pattern of cardNumbers) if (pattern.test(text)) found.push(`${name}: card ${pattern}`);
      // Any token at all, from this journey or any other test's.
      if (JWT.test(text)) found.push(`${name}: a JWT (${JWT.exec(text)![0].slice(0, 24)}…)`);
      if (/fluent_session=/.test(text)) found.push(`${name}: a session cookie`);
      if (/authorization"?\s*[:=]\s*"?Bearer /i.test(text)) found.push(`${name}: an Authorization header`);
    }
    // Every component of the stack has its log, with lines in it (a search of nothing would pass).
    const expected = [...STACK, ...APPS].map((c) => `${c.name}.log`).sort();
    const searched = logs();
    expect(expected.filter((name) => !searched.some((log) => log.name === name && log.text.trim().length > 0))).toEqual([]);
    expect(found).toEqual([]);
  });
});
