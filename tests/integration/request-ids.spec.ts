// One request followed across the system by its id: the gateway gives every request an id of its
// own (a client's well-formed x-request-id is logged beside it as clientRequestId, never in its
// place), answers with it, sends it to the services in the NATS header, and the services put it on
// their log lines and on the JetStream events they publish, whose consumers log it in turn.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/users';
import { createIntent, SUCCEEDING_CARD, waitUntilEntitled, waitUntilPaid } from '../support/payments';
import { submission } from '../support/catalog';
import { eventually, gatewayUrl, logLines } from '../support/stack';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The JSON log lines of `component` that carry `requestId` at the top level (as every app writes it). */
function linesOf(component: string, requestId: string): { msg?: string; requestId?: string; [key: string]: unknown }[] {
  return logLines(component, new RegExp(requestId))
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; requestId?: string };
      } catch {
        return {};
      }
    })
    .filter((line) => line.requestId === requestId);
}

async function post(path: string, token: string, body: unknown, requestId: string) {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...bearer(token) },
    body: JSON.stringify(body),
  });
  return { status: response.status, echoed: response.headers.get('x-request-id'), body: (await response.json()) as Record<string, unknown> };
}

describe('request ids', () => {
  it("answers every request with an id of the gateway's own, never the one the client chose", async () => {
    const given = `it-${randomUUID()}`;
    const chosen = await fetch(`${gatewayUrl}/api/config`, { headers: { 'x-request-id': given } });
    expect(chosen.headers.get('x-request-id')).toMatch(UUID);
    const none = await fetch(`${gatewayUrl}/api/config`);
    expect(none.headers.get('x-request-id')).toMatch(UUID);
    const malformed = await fetch(`${gatewayUrl}/api/config`, { headers: { 'x-request-id': 'two words' } });
    expect(malformed.headers.get('x-request-id')).toMatch(UUID);
    // Every answer carries one, refusals and unknown routes included.
    expect((await fetch(`${gatewayUrl}/api/no-such-route`)).headers.get('x-request-id')).toMatch(UUID);
  });

  it("puts the gateway's id on the line of a refused request, with the client's own beside it as clientRequestId", async () => {
    const clientRequestId = `it-refused-${randomUUID()}`;
    const { tokens } = await signUp();
    const response = await fetch(`${gatewayUrl}/api/tests/99`, { headers: { 'x-request-id': clientRequestId, ...bearer(tokens.accessToken) } });
    expect(response.status).toBe(404);
    const requestId = response.headers.get('x-request-id')!;
    expect(requestId).toMatch(UUID);
    const [line] = await eventually(async () => linesOf('gateway', requestId), (lines) => lines.length > 0, 10_000);
    expect(line).toMatchObject({ msg: 'request refused', requestId, clientRequestId, res: { statusCode: 404 } });
    // A client cannot put its id where ours goes: no line is filed under it.
    expect(linesOf('gateway', clientRequestId)).toEqual([]);
  });

  it('follows a payment from test-confirm through payment-service, the webhook and payment.succeeded to both consumers', async () => {
    const { tokens } = await signUp();
    const intent = await createIntent(tokens.accessToken);
    expect(intent.status).toBe(200);
    const paid = await post('/api/payments/test-confirm', tokens.accessToken, { paymentIntentId: intent.body.paymentIntentId, cardNumber: SUCCEEDING_CARD, expiry: '12/34', cvc: '123' }, `it-pay-${randomUUID()}`);
    expect(paid).toMatchObject({ status: 200, echoed: expect.stringMatching(UUID) });
    await waitUntilPaid(tokens.accessToken);
    await waitUntilEntitled(tokens.accessToken);
    // payment-service delivered the webhook of its own test-card path back through the gateway
    // (HTTP), which gave it an id of its own: payment-service's line under this request names it.
    const delivered = await eventually(async () => linesOf('payment-service', paid.echoed!), (lines) => lines.some((l) => /delivered as gateway request/.test(l.msg ?? '')), 15_000);
    const webhookRequestId = /delivered as gateway request (\S+)/.exec(delivered.find((l) => /delivered as gateway request/.test(l.msg ?? ''))!.msg!)![1]!;
    expect(webhookRequestId).toMatch(UUID);
    // payment-service handled that webhook and published payment.succeeded with its id in the
    // event's header; auth-service and catalog-service applied that event within the same context.
    const requestId = webhookRequestId;
    const published = await eventually(async () => linesOf('payment-service', requestId), (lines) => lines.some((l) => /^payment\.succeeded published/.test(l.msg ?? '')), 15_000);
    expect(published.length).toBeGreaterThan(0);
    const applied = await eventually(async () => linesOf('auth-service', requestId), (lines) => lines.some((l) => /^paidTests set for/.test(l.msg ?? '')), 15_000);
    expect(applied.length).toBeGreaterThan(0);
    const unlocked = await eventually(async () => linesOf('catalog-service', requestId), (lines) => lines.some((l) => /^Premium tests unlocked/.test(l.msg ?? '')), 15_000);
    expect(unlocked.length).toBeGreaterThan(0);
  });

  it("carries a submitted attempt's id through attempt.submitted to feedback-service", async () => {
    const { tokens } = await signUp();
    const submitted = await post('/api/tests/1/attempts', tokens.accessToken, submission(), `it-attempt-${randomUUID()}`);
    expect(submitted).toMatchObject({ status: 201, echoed: expect.stringMatching(UUID) });
    const requestId = submitted.echoed!;
    const lines = await eventually(async () => linesOf('feedback-service', requestId), (found) => found.some((l) => /^Feedback for attempt/.test(l.msg ?? '')), 45_000);
    expect(lines.find((l) => /^Feedback for attempt/.test(l.msg ?? ''))?.msg).toContain(String(submitted.body.attemptId));
  });
});
