import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, mongoUri } from '../support/stack';

// gateway -> NATS -> blog-service -> FerretDB and back.
describe('POST /api/contact', () => {
  const mongo = new MongoClient(mongoUri);
  beforeAll(() => mongo.connect());
  afterAll(() => mongo.close());

  it('stores the message and answers with what the database holds', async () => {
    const unique = `Integration ${Date.now()}`;
    const { status, body } = await api('/api/contact', {
      method: 'POST',
      body: JSON.stringify({ name: `  ${unique} `, email: 'learner@example.com', message: 'When do new tests arrive?' }),
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: unique, email: 'learner@example.com', message: 'When do new tests arrive?' });
    expect(Date.parse(body.receivedAt)).not.toBeNaN();

    const stored = await mongo.db().collection('contactMessages').findOne({ name: unique });
    expect(stored).not.toBeNull();
    expect(String(stored?._id)).toBe(body.id);
    expect(stored?.email).toBe('learner@example.com');
  });

  it('refuses an invalid message with 400 and field messages, storing nothing', async () => {
    const before = await mongo.db().collection('contactMessages').countDocuments();
    const { status, body } = await api('/api/contact', {
      method: 'POST',
      body: JSON.stringify({ name: '', email: 'not-an-email', message: 'Hi' }),
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ name: 'Name is required', email: 'Enter a valid email address' });
    expect(await mongo.db().collection('contactMessages').countDocuments()).toBe(before);
  });

  it('answers malformed JSON with a 400, not a crash', async () => {
    const { status, body } = await api('/api/contact', { method: 'POST', body: '{"name": ' });
    expect(status).toBe(400);
    expect(body.message).toMatch(/JSON/i);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const { status, body } = await api('/api/no-such-thing');
    expect(status).toBe(404);
    expect(body.statusCode).toBe(404);
  });
});
