import { describe, expect, it } from 'vitest';
import type { SeedPost } from './post-file';
import { planSeed } from './seed-plan';

const post = (slug: string, contentHash = `hash-${slug}`): SeedPost => ({
  slug,
  title: slug,
  date: '2026-03-03',
  author: 'A',
  summary: 'S',
  content: '<p>x</p>',
  contentHash,
});

describe('planSeed', () => {
  it('inserts every post into an empty database', () => {
    const plan = planSeed([post('a'), post('b')], []);
    expect(plan.insert.map((p) => p.slug)).toEqual(['a', 'b']);
    expect(plan).toMatchObject({ update: [], unchanged: [], remove: [] });
  });

  it('does nothing when the stored posts already match (seeding twice changes nothing)', () => {
    const files = [post('a'), post('b')];
    const plan = planSeed(files, files.map(({ slug, contentHash }) => ({ slug, contentHash })));
    expect(plan).toEqual({ insert: [], update: [], unchanged: ['a', 'b'], remove: [] });
  });

  it('updates a changed post and removes one that left the repository', () => {
    const plan = planSeed([post('a', 'new'), post('b')], [{ slug: 'a', contentHash: 'old' }, { slug: 'b', contentHash: 'hash-b' }, { slug: 'gone' }]);
    expect(plan.update.map((p) => p.slug)).toEqual(['a']);
    expect(plan.unchanged).toEqual(['b']);
    expect(plan.remove).toEqual(['gone']);
    expect(plan.insert).toEqual([]);
  });

  it('refuses two files with the same slug', () => {
    expect(() => planSeed([post('a'), post('a')], [])).toThrow(/two post files have the slug a/);
  });
});
