import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';
import MarkdownIt, { type Token } from 'markdown-it';

// Links and anchors of our Markdown as GitHub resolves them: markdown-it finds the links and the
// headings (so nothing inside a code block counts), githubSlug turns a heading into its anchor.

const markdown = new MarkdownIt({ html: true });

/**
 * GitHub's anchor for a heading's text (the algorithm of github-slugger): lower case, every
 * character that is not a letter, digit, mark, space, hyphen or underscore dropped, spaces to hyphens.
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text of an inline token as GitHub renders it: code spans and emphasis reduced to their words. */
function plainText(inline: Token): string {
  return (inline.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline' || child.type === 'html_inline')
    .map((child) => (child.type === 'html_inline' ? '' : child.content))
    .join('');
}

/** Every anchor a Markdown file offers: its headings' slugs (a repeated one gets -1, -2 …) and explicit ids. */
export function anchorsOf(source: string): Set<string> {
  const tokens = markdown.parse(source, {});
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const slug = githubSlug(plainText(tokens[i + 1]!));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  for (const [, id] of source.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** Every link target of a Markdown file (links and images), outside code. */
export function linksOf(source: string): string[] {
  const targets: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'link_open') targets.push(String(token.attrGet('href') ?? ''));
      if (token.type === 'image') targets.push(String(token.attrGet('src') ?? ''));
      if (token.children) walk(token.children);
    }
  };
  walk(markdown.parse(source, {}));
  return targets;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(path: string): Set<string> {
  if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, 'utf8')));
  return anchorCache.get(path)!;
}

/**
 * Why a relative link from `fromFile` does not resolve, or undefined when it does: the file or
 * folder must exist inside the repository, and an anchor must be a heading of that Markdown file.
 * Links with a scheme (https:, mailto:) are not ours to check here.
 */
export function brokenLink(root: string, fromFile: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const path = pathPart === '' ? fromFile : resolve(dirname(fromFile), decodeURIComponent(pathPart));
  if (relative(root, path).startsWith('..')) return `${target}: outside the repository`;
  if (!existsSync(path)) return `${target}: no such file`;
  if (anchor === undefined) return undefined;
  if (statSync(path).isDirectory() || extname(path) !== '.md') return `${target}: an anchor into something that is not Markdown`;
  return anchorsOfFile(path).has(anchor) ? undefined : `${target}: no heading with that anchor in ${relative(root, path)}`;
}
