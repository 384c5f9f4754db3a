import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSubjects } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { findKeycloakUser, grantRealmRole } from '../support/keycloak';
import { api, eventually, mongoUri, natsUrl, natsUser } from '../support/stack';
import { bearer, signIn, signUp, uniqueEmail } from '../support/users';

const codec = JSONCodec<unknown>();
const DAY_MS = 86_400_000;
const dayOf = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

type Doc = { _id: string; [field: string]: unknown };

// Stored data does not grow for ever (#31 §5): page views are rolled up into one count per path
// and day once the day is closed, and blog-service deletes contact messages and page-view counts
// older than the retention periods the privacy page states (365 and 730 days). The test stack runs
// blog-service's housekeeping every 2 s.
describe('page-view rollups and data retention', () => {
  const mongo = new MongoClient(mongoUri);
  const collection = (name: string) => mongo.db().collection<Doc>(name);
  let nc: NatsConnection;
  let operator: string;

  beforeAll(async () => {
    await mongo.connect();
    nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    const email = uniqueEmail('operator');
    await signUp(email);
    await grantRealmRole((await findKeycloakUser(email))!.id, 'operator');
    operator = (await signIn(email)).body.accessToken;
  });
  afterAll(async () => {
    await nc.drain();
    await mongo.close();
  });

  /** A page view as the gateway publishes it, but of a chosen time. */
  const view = (path: string, at: Date, id: string = randomUUID()) =>
    nc.jetstream().publish(EventSubjects.pageViewed, codec.encode({ id, path, at: at.toISOString() }), { msgID: randomUUID() });

  it('rolls the views of a closed day up into one count per path, deletes the single views, and reports the same numbers', async () => {
    // A day long closed (the page-view stream keeps events 3 days), not rolled up by an earlier run.
    const rolled = new Set((await collection('pageViewRollups').find().toArray()).map((d) => d._id));
    let daysAgo = 10;
    while (rolled.has(dayOf(daysAgo * DAY_MS))) daysAgo += 1;
    const day = dayOf(daysAgo * DAY_MS);
    const at = new Date(Date.parse(`${day}T12:00:00Z`));
    const path = `/blog/rollup-${randomUUID().slice(0, 8)}`;
    const other = `${path}-other`;
    const repeated = randomUUID();
    for (const [p, id] of [[path, repeated], [path, repeated], [path, undefined], [path, undefined], [other, undefined]] as const) await view(p, at, id);
    await view(path, new Date());

    // One document per path for that day, with the views counted once each (the repeated event once).
    const counted = await eventually(
      () => collection('pageViewDays').find({ day, path: { $in: [path, other] } }).toArray(),
      (docs) => docs.length === 2,
      30_000,
    );
    expect(counted.map(({ _id, views }) => ({ _id, views })).sort((a, b) => a._id.localeCompare(b._id))).toEqual([
      { _id: `${day} ${path}`, views: 3 },
      { _id: `${day} ${other}`, views: 1 },
    ]);
    await eventually(() => collection('pageViews').countDocuments({ day, path: { $in: [path, other] } }), (n) => n === 0, 15_000);
    expect(await collection('pageViewRollups').findOne({ _id: day })).toMatchObject({ views: expect.any(Number) });

    const today = dayOf(0);
    const report = await api(`/api/analytics/page-views?from=${day}&to=${today}&path=${encodeURIComponent(path)}`, { headers: bearer(operator) });
    expect(report.body).toEqual({ from: day, to: today, total: 4, page: 1, limit: 500, rows: 2, counts: [{ day, path, views: 3 }, { day: today, path, views: 1 }] });

    // The same event again, after its day was rolled up: the count stays as it was.
    await view(path, at, repeated);
    const marker = `${path}-marker`;
    await view(marker, new Date());
    await eventually(() => api(`/api/analytics/page-views?path=${encodeURIComponent(marker)}`, { headers: bearer(operator) }), (r) => r.body.total === 1);
    expect((await collection('pageViewDays').findOne({ _id: `${day} ${path}` }))?.views).toBe(3);
  }, 90_000);

  it('deletes contact messages older than a year and page-view counts older than two years, and keeps the rest', async () => {
    const label = randomUUID().slice(0, 8);
    const messages = mongo.db().collection('contactMessages');
    const { insertedIds } = await messages.insertMany([
      { name: `old ${label}`, email: 'old@example.com', message: 'Kept too long', createdAt: new Date(Date.now() - 366 * DAY_MS) },
      { name: `recent ${label}`, email: 'recent@example.com', message: 'Still kept', createdAt: new Date(Date.now() - 300 * DAY_MS) },
    ]);
    const oldDay = dayOf(731 * DAY_MS);
    const keptDay = dayOf(700 * DAY_MS);
    const path = `/retention-${label}`;
    await collection('pageViewDays').insertMany([
      { _id: `${oldDay} ${path}`, day: oldDay, path, views: 4 },
      { _id: `${keptDay} ${path}`, day: keptDay, path, views: 2 },
    ]);

    await eventually(() => messages.countDocuments({ _id: insertedIds[0] }), (n) => n === 0, 30_000);
    await eventually(() => collection('pageViewDays').countDocuments({ _id: `${oldDay} ${path}` }), (n) => n === 0, 30_000);
    expect(await messages.countDocuments({ _id: insertedIds[1] })).toBe(1);
    expect(await collection('pageViewDays').countDocuments({ _id: `${keptDay} ${path}` })).toBe(1);
  });
});
