import { randomInt } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, inOneWindow, mongoUri } from '../support/stack';

/**
 * The contact form is rate-limited per client address. The gateway trusts X-Forwarded-For from
 * loopback (a local proxy), so each test posts as its own client address and no test, nor a rerun
 * within the minute, spends another's allowance.
 */
const clientAddress = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const postContact = (body: unknown, from = clientAddress()) =>
  api('/api/contact', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'X-Forwarded-For': from } });

// gateway -> NATS -> blog-service -> FerretDB and back.
describe('POST /api/contact', () => {
  const mongo = new MongoClient(mongoUri);
  const messages = () => mongo.db().collection('contactMessages');
  beforeAll(() => mongo.connect());
  afterAll(() => mongo.close());

  it('stores the message and answers with what the database holds', async () => {
    const unique = `Integration ${Date.now()}`;
    const { status, body } = await postContact({ name: `  ${unique} `, email: 'learner@example.com', message: 'When do new tests arrive?' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: unique, email: 'learner@example.com', message: 'When do new tests arrive?' });
    expect(Date.parse(body.receivedAt)).not.toBeNaN();

    const stored = await messages().findOne({ name: unique });
    expect(stored).not.toBeNull();
    expect(String(stored?._id)).toBe(body.id);
    expect(stored?.email).toBe('learner@example.com');
  });

  it('refuses an invalid message with 400 and field messages, storing nothing', async () => {
    const before = await messages().countDocuments();
    const { status, body } = await postContact({ name: '', email: 'not-an-email', message: 'Hi' });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ name: 'Name is required', email: 'Enter a valid email address' });
    expect(await messages().countDocuments()).toBe(before);
  });

  it('answers malformed JSON with a 400, not a crash', async () => {
    const { status, body } = await postContact('{"name": ');
    expect(status).toBe(400);
    expect(body.message).toMatch(/JSON/i);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const { status, body } = await api('/api/no-such-thing');
    expect(status).toBe(404);
    expect(body.statusCode).toBe(404);
  });

  describe('honeypot (the hidden "website" field people leave empty)', () => {
    it('answers a filled honeypot exactly like a stored message, but stores nothing', async () => {
      const bot = `Bot ${Date.now()}`;
      const botEmail = `bot-${Date.now()}@example.com`;
      const human = `Human ${Date.now()}`;
      const spam = await postContact({ name: bot, email: botEmail, message: 'Cheap pills', website: 'http://spam.example' });
      const real = await postContact({ name: human, email: 'human@example.com', message: 'Hello', website: '' });

      expect(spam.status).toBe(real.status);
      expect(spam.status).toBe(201);
      expect(Object.keys(spam.body).sort()).toEqual(Object.keys(real.body).sort());
      expect(spam.body).toMatchObject({ name: bot, email: botEmail, message: 'Cheap pills' });
      expect(spam.body.id).toMatch(/^[0-9a-f]{24}$/);
      expect(Date.parse(spam.body.receivedAt)).not.toBeNaN();

      expect(await messages().findOne({ name: bot })).toBeNull();
      expect(await messages().countDocuments({ email: botEmail })).toBe(0);
      const stored = await messages().findOne({ name: human });
      expect(stored).toMatchObject({ email: 'human@example.com' });
      expect(stored).not.toHaveProperty('website');
    });
  });

  describe('rate limit', () => {
    // CONTACT_RATE_LIMIT per minute and address (5 unless the environment says otherwise),
    // far below the general API limit.
    const limit = Number(process.env.CONTACT_RATE_LIMIT ?? 5);
    // A fixed one-minute window: requests split across its edge would be counted in two windows.
    const MINUTE = 60_000;
    const honeypotted = { name: 'Limit', email: 'limit@example.com', message: 'x', website: 'http://spam.example' };

    it(`refuses the message after ${limit} from one address within a minute with 429`, async () => {
      // Counted inside one window (a run a window edge cuts through is made again, from another address).
      const statuses = await inOneWindow(MINUTE, 15_000, async () => {
        const from = clientAddress();
        const seen: number[] = [];
        for (let i = 0; i <= limit; i++) seen.push((await postContact(honeypotted, from)).status);
        return seen;
      });
      expect(statuses).toEqual([...Array<number>(limit).fill(201), 429]);
    });

    it('counts each address on its own, and leaves the rest of the API to its own (looser) limit', async () => {
      const { filled, another, rest } = await inOneWindow(MINUTE, 15_000, async () => {
        const from = clientAddress();
        const seen: number[] = [];
        for (let i = 0; i <= limit; i++) seen.push((await postContact(honeypotted, from)).status);
        return { filled: seen, another: (await postContact(honeypotted, clientAddress())).status, rest: (await api('/api/config', { headers: { 'X-Forwarded-For': from } })).status };
      });
      expect(filled).toEqual([...Array<number>(limit).fill(201), 429]);
      expect(another).toBe(201);
      expect(rest).toBe(200);
    });
  });
});
