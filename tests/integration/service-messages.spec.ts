// Whatever arrives on a service's subject, the service answers: an error reply (400 for what is not
// a request or whose payload breaks its schema, 413 for what is too big), never a crashed handler.
// Today only the gateway (and feedback-service, on one subject) may publish there; a replica
// restarted by one bad message would still be an outage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { AuthPatterns, BlogPatterns, CatalogInternalPatterns, CatalogPatterns, FeedbackPatterns, HealthPatterns, PaymentPatterns, SERVICES } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { logLines, natsUrl, natsUser } from '../support/stack';

const codec = JSONCodec<{ response?: unknown; err?: { statusCode?: number; message?: string }; id?: unknown }>();
const encoder = new TextEncoder();

const GATEWAY_SUBJECTS = [
  ...Object.values(AuthPatterns),
  ...Object.values(CatalogPatterns),
  ...Object.values(PaymentPatterns),
  ...Object.values(BlogPatterns),
  ...Object.values(FeedbackPatterns),
  ...Object.values(HealthPatterns),
];

/** Payloads no caller should send: wrong types, injection-shaped objects, deep nesting. */
const JUNK_DATA: unknown[] = [
  null,
  'text',
  42,
  [],
  {},
  { uid: { $gt: '' } },
  { uid: 'u', attemptId: { $ne: null }, testId: '1; drop', slug: ['a'], user: 'me', body: 7 },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  [...Array(200)].reduce((inner: unknown) => ({ a: inner }), {}),
];

/** The supervisor's lines about a crashed service (tools/stack/restart-on-crash.mjs). */
const crashLines = () => SERVICES.reduce((count, service) => count + logLines(service, /"name":"supervisor".* crashed \(/).length, 0);

describe('malformed messages on every service subject', () => {
  let gateway: NatsConnection;
  let feedback: NatsConnection;
  let crashesBefore = 0;

  beforeAll(async () => {
    gateway = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('gateway')) });
    feedback = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('feedback-service')) });
    crashesBefore = crashLines();
  });
  afterAll(async () => {
    await gateway?.close();
    await feedback?.close();
  });

  const subjects = [...GATEWAY_SUBJECTS.map((subject) => [subject, () => gateway] as const), [CatalogInternalPatterns.attemptWriting, () => feedback] as const];

  const ask = async (connection: NatsConnection, subject: string, bytes: Uint8Array) => codec.decode((await connection.request(subject, bytes, { timeout: 10_000 })).data);

  it.each(subjects)('%s: answers what is not a request with 400 and what is too big with 413', async (subject, connection) => {
    for (const text of ['not json', '{"pattern":"x","data":{}}', '[1,2,3]', '"just a string"', '\u0000\u0001']) {
      expect(await ask(connection(), subject, encoder.encode(text)), text).toMatchObject({ err: { statusCode: 400 } });
    }
    expect(await ask(connection(), subject, encoder.encode(JSON.stringify({ pattern: subject, data: { blob: 'x'.repeat(300_000) }, id: 'big' })))).toMatchObject({
      err: { statusCode: 413 },
    });
  });

  it.each(subjects)('%s: answers junk data with a 4xx or an answer, never a 5xx', async (subject, connection) => {
    for (const [index, data] of JUNK_DATA.entries()) {
      const reply = await ask(connection(), subject, encoder.encode(JSON.stringify({ pattern: subject, data, id: `junk-${index}` })));
      if (reply.err !== undefined && reply.err !== null) {
        expect(reply.err.statusCode, `${subject} ${JSON.stringify(data).slice(0, 80)}: ${JSON.stringify(reply.err)}`).toBeGreaterThanOrEqual(400);
        expect(reply.err.statusCode, `${subject} ${JSON.stringify(data).slice(0, 80)}: ${JSON.stringify(reply.err)}`).toBeLessThan(500);
      } else {
        expect(reply, subject).toHaveProperty('response');
      }
    }
  });

  it('leaves every service up: each answers its health subject, and none was restarted', async () => {
    for (const service of SERVICES) {
      const reply = await ask(gateway, HealthPatterns[service], encoder.encode(JSON.stringify({ pattern: HealthPatterns[service], data: {}, id: 'after' })));
      expect(reply, service).toMatchObject({ response: { service } });
    }
    expect(crashLines()).toBe(crashesBefore);
  });
});
