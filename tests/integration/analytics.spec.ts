import { randomInt, randomUUID } from 'node:crypto';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStreams, EventSubjects, utcDay } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { findKeycloakUser, grantRealmRole, realmRolesOf } from '../support/keycloak';
import { api, eventually, gatewayUrl, natsUrl, natsUser, startComponentNamed, stopComponentNamed } from '../support/stack';
import { bearer, signIn, signUp, uniqueEmail } from '../support/users';

// First-party page views: POST /api/analytics/page-view -> gateway -> JetStream
// (events.analytics.pageViewed) -> blog-service's durable consumer -> FerretDB, and the operators'
// report behind the Keycloak realm role `operator`, with real accounts.
const codec = JSONCodec<Record<string, unknown>>();

/** Each test posts from its own client address: the page-view limit is per address. */
const clientAddress = () => `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const view = (body: unknown, headers: Record<string, string> = {}) =>
  api('/api/analytics/page-view', { method: 'POST', body: JSON.stringify(body), headers: { 'X-Forwarded-For': clientAddress(), ...headers } });

/** A path no other test (or earlier run) has counted. */
const uniquePath = (label: string) => `/blog/${label}-${randomUUID().slice(0, 8)}`;

describe('page views', () => {
  let operator: string;
  let learner: string;
  const report = (query = '', token = operator) => api(`/api/analytics/page-views${query}`, { headers: bearer(token) });
  /** Views of `path` over the report's default span (the last 30 days). */
  const viewsOf = async (path: string) => {
    const { body } = await report(`?path=${encodeURIComponent(path)}`);
    return (body.counts as { views: number }[]).reduce((sum, c) => sum + c.views, 0);
  };

  beforeAll(async () => {
    learner = (await signUp(uniqueEmail('learner'))).tokens.accessToken;
    const email = uniqueEmail('operator');
    await signUp(email);
    const account = await findKeycloakUser(email);
    await grantRealmRole(account!.id, 'operator');
    expect(await realmRolesOf(account!.id)).toContain('operator');
    // A token issued after the grant carries the role.
    const signedIn = await signIn(email);
    expect(signedIn.status).toBe(200);
    operator = signedIn.body.accessToken;
  });

  describe('the report is for operators only', () => {
    it('answers 401 without a token', async () => {
      const { status, body } = await api('/api/analytics/page-views');
      expect(status).toBe(401);
      expect(body).toEqual({ statusCode: 401, message: 'Sign in to continue.' });
    });

    it("answers 403 to a signed-in learner without the operator role", async () => {
      const { status, body } = await report('', learner);
      expect(status).toBe(403);
      expect(body).toEqual({ statusCode: 403, message: 'You do not have access to this page.' });
    });

    it('answers 200 to a user given the operator role in Keycloak, not cacheable', async () => {
      const response = await fetch(`${gatewayUrl}/api/analytics/page-views`, { headers: bearer(operator) });
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const { status, body } = await report();
      expect(status).toBe(200);
      expect(body).toMatchObject({ from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), total: expect.any(Number) });
      expect(Array.isArray(body.counts)).toBe(true);
    });

    it.each([
      ['?from=2026-03-05&to=2026-03-01', 'from', 'from must not be after to'],
      ['?from=2024-01-01&to=2026-03-01', 'from', 'A report covers at most 366 days'],
      ['?from=yesterday', 'from', 'Use a date like 2026-03-03'],
      ['?path=blog', 'path', 'Path must be a URL path starting with / (no query or fragment)'],
    ])('refuses the query %s with 400 naming %s', async (query, field, message) => {
      const { status, body } = await report(query);
      expect(status).toBe(400);
      expect(body.errors).toEqual({ [field]: message });
    });
  });

  it('counts views per path and day, and reports them by path and span', async () => {
    const a = uniquePath('counted-a');
    const b = uniquePath('counted-b');
    for (const path of [a, a, a, b]) expect(await view({ path })).toEqual({ status: 202, body: { recorded: true } });

    await eventually(() => viewsOf(a), (n) => n === 3);
    await eventually(() => viewsOf(b), (n) => n === 1);
    const { body: onlyA } = await report(`?path=${encodeURIComponent(a)}`);
    expect(onlyA.counts).toEqual([{ day: onlyA.to, path: a, views: 3 }]);
    expect(onlyA.total).toBe(3);

    // Today's rows only (the span's other days are on other pages once the stack has many): every page of them.
    const counts: { day: string; path: string; views: number }[] = [];
    let all: { to: string; total: number; rows: number; limit: number; counts: typeof counts };
    for (let page = 1; ; page++) {
      all = (await report(`?from=${utcDay(new Date())}&page=${page}&limit=1000`)).body;
      counts.push(...all.counts);
      if (page * all.limit >= all.rows) break;
    }
    const ours = counts.filter((c) => c.path === a || c.path === b);
    expect(ours).toEqual([
      { day: all.to, path: a, views: 3 },
      { day: all.to, path: b, views: 1 },
    ].sort((x, y) => x.path.localeCompare(y.path)));
    expect(all.rows).toBe(counts.length);
    expect(all.total).toBe(counts.reduce((sum, c) => sum + c.views, 0));

    // A span that ends before today has none of today's views.
    const { body: past } = await report(`?path=${encodeURIComponent(a)}&from=2026-01-01&to=2026-01-31`);
    expect(past).toEqual({ from: '2026-01-01', to: '2026-01-31', total: 0, counts: [], page: 1, limit: 500, rows: 0 });
  });

  it('publishes the path and the time only: no personal data reaches the event', async () => {
    const nc: NatsConnection = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    try {
      const js = nc.jetstream();
      const consumer = await js.consumers.get(EventStreams.pageViews, { filterSubjects: [EventSubjects.pageViewed] });
      const path = uniquePath('private');
      const answer = await view(
        { path, email: 'learner@example.com', userId: 'user-1', referrer: 'https://mail.example/inbox' },
        { ...bearer(learner), Cookie: 'fluent_session=secret', 'User-Agent': 'private-browser/1.0' },
      );
      expect(answer).toEqual({ status: 202, body: { recorded: true } });
      let event: Record<string, unknown> | undefined;
      const deadline = Date.now() + 15_000;
      while (!event && Date.now() < deadline) {
        const message = await consumer.next({ expires: 2000 });
        const data = message ? codec.decode(message.data) : undefined;
        if (data?.path === path) event = data;
      }
      expect(event).toBeDefined();
      expect(Object.keys(event!).sort()).toEqual(['at', 'id', 'path']);
      expect(Date.parse(String(event!.at))).not.toBeNaN();
    } finally {
      await nc.close();
    }
  });

  it('counts nothing for a browser that sends Do-Not-Track or Global Privacy Control', async () => {
    const private1 = uniquePath('dnt');
    const private2 = uniquePath('gpc');
    expect(await view({ path: private1 }, { DNT: '1' })).toEqual({ status: 202, body: { recorded: false } });
    expect(await view({ path: private2 }, { 'Sec-GPC': '1' })).toEqual({ status: 202, body: { recorded: false } });
    // Views are counted in the order they were published: once a later one is in, these would be too.
    const marker = uniquePath('after-dnt');
    await view({ path: marker });
    await eventually(() => viewsOf(marker), (n) => n === 1);
    expect(await viewsOf(private1)).toBe(0);
    expect(await viewsOf(private2)).toBe(0);
  });

  it("counts no view of a path that is none of the site's pages (made-up paths would grow the counts without bound)", async () => {
    const made = `/made-up-${randomUUID().slice(0, 8)}`;
    for (const path of [made, `/blog/${randomUUID().slice(0, 8)}/deeper`, '/blog/Not-A-Slug']) {
      expect(await view({ path }), path).toEqual({ status: 202, body: { recorded: false } });
    }
    // A page of the site posted after them is counted: by then the others would have been too.
    const marker = uniquePath('after-made-up');
    await view({ path: marker });
    await eventually(() => viewsOf(marker), (n) => n === 1);
    expect(await viewsOf(made)).toBe(0);
  });

  it('refuses a missing path, or one with a query, with 400 naming the field', async () => {
    expect(await view({})).toMatchObject({ status: 400, body: { errors: { path: 'Path is required' } } });
    const query = await view({ path: '/login?email=learner@example.com' });
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual({ path: 'Path must be a URL path starting with / (no query or fragment)' });
  });

  it('counts an event delivered twice once (the event id is the key)', async () => {
    const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    try {
      const path = uniquePath('twice');
      const event = { id: randomUUID(), path, at: new Date().toISOString() };
      // Two publishes with different message ids get past JetStream's de-duplication: the
      // consumer sees the same event twice, as after a redelivery.
      await nc.jetstream().publish(EventSubjects.pageViewed, codec.encode(event), { msgID: randomUUID() });
      await nc.jetstream().publish(EventSubjects.pageViewed, codec.encode(event), { msgID: randomUUID() });
      const marker = uniquePath('after-twice');
      await view({ path: marker });
      await eventually(() => viewsOf(marker), (n) => n === 1);
      expect(await viewsOf(path)).toBe(1);
    } finally {
      await nc.close();
    }
  });

  it('keeps views published while blog-service is down, and counts them when it is back', async () => {
    const path = uniquePath('while-down');
    await stopComponentNamed('blog-service');
    try {
      // The gateway answers once the stream has the event; nobody needs to be counting yet.
      expect(await view({ path })).toEqual({ status: 202, body: { recorded: true } });
    } finally {
      await startComponentNamed('blog-service');
    }
    expect(await eventually(() => viewsOf(path).catch(() => -1), (n) => n === 1, 45_000)).toBe(1);
  });
});
