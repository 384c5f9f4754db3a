import { createHash } from 'node:crypto';
import MarkdownIt from 'markdown-it';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { blogSlugSchema, calendarDaySchema, type BlogPost } from '@fluent/contracts';
import { sanitizePostHtml } from './sanitize-post-html';

/** The front matter every post file starts with (between `---` lines, YAML). */
const frontMatterSchema = z.object({
  slug: blogSlugSchema,
  title: z.string().trim().min(1).max(150),
  // YAML would read an unquoted 2026-03-03 as a string under its core schema; both forms are fine.
  date: z.union([calendarDaySchema, z.date().transform((d) => d.toISOString().slice(0, 10))]),
  author: z.string().trim().min(1).max(80),
  summary: z.string().trim().min(1).max(300),
});

/** A post ready to store, with a hash of everything stored so the seeder can skip unchanged posts. */
export interface SeedPost extends BlogPost {
  contentHash: string;
}

export class PostFileError extends Error {
  constructor(file: string, reason: string) {
    super(`${file}: ${reason}`);
    this.name = 'PostFileError';
  }
}

// Raw HTML in a post is allowed here because the result is sanitised right after.
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: true });

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

/**
 * Turns one post file (YAML front matter, then Markdown) into a post: the Markdown is rendered
 * and the HTML sanitised. `file` names the file in error messages; its base name must be the slug.
 * Pure: no I/O.
 */
export function parsePostFile(file: string, text: string): SeedPost {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new PostFileError(file, 'no front matter (the file must start with a --- block)');
  let meta: unknown;
  try {
    meta = parseYaml(match[1]!);
  } catch (error) {
    throw new PostFileError(file, `front matter is not valid YAML (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = frontMatterSchema.safeParse(meta);
  if (!parsed.success) {
    throw new PostFileError(file, parsed.error.issues.map((i) => `${i.path.join('.') || 'front matter'}: ${i.message}`).join('; '));
  }
  const expectedName = `${parsed.data.slug}.md`;
  const baseName = file.split(/[\\/]/).pop();
  if (baseName !== expectedName) throw new PostFileError(file, `the file must be named after its slug (${expectedName})`);
  const content = sanitizePostHtml(markdown.render(match[2]!));
  if (!content) throw new PostFileError(file, 'the post has no content');
  const post: BlogPost = { ...parsed.data, content };
  return { ...post, contentHash: hashPost(post) };
}

function hashPost(post: BlogPost): string {
  const { slug, title, date, author, summary, content } = post;
  return createHash('sha256').update(JSON.stringify([slug, title, date, author, summary, content])).digest('hex');
}

/** Words of a post's text (tags removed), as a reader would count them. */
export function wordCount(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  return text.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
}
