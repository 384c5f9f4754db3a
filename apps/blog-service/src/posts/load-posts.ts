import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parsePostFile, type SeedPost } from './post-file';

/** Reads and parses every `*.md` post in `dir`, newest first. A broken file fails the whole load. */
export async function loadPosts(dir: string): Promise<SeedPost[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const posts = await Promise.all(files.map(async (name) => parsePostFile(join(dir, name), await readFile(join(dir, name), 'utf8'))));
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}
