import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../tools/stack/paths.mjs';
import { anchorsOf, brokenLink, githubSlug, linksOf } from './support/markdown-links';

// The README and docs/ are read on GitHub and in a clone: every relative link and #anchor in them
// must lead somewhere, and every `docs/….md#section` a comment cites must exist. docs/incoming/ is
// other work's drafts, moved into place by hand, and is not held to this until then.

const DOCS_DIR = join(ROOT, 'docs');
const docsPages = readdirSync(DOCS_DIR)
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(DOCS_DIR, name));
const CHECKED = [join(ROOT, 'README.md'), ...docsPages, join(ROOT, 'deploy', 'RUNBOOK.md')];

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-e2e', '.nx', '.cache', '.data', 'coverage', 'out-tsc']);
const TEXT = new Set(['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json', '.md', '.yaml', '.yml', '.tpl', '.txt', '.sh', '.example', '.html', '.css', '.properties', '']);

/** Every text file of the repository we write (not dependencies, builds or local data), docs/incoming/ aside. */
function repositoryTextFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || path === join(DOCS_DIR, 'incoming') ? [] : repositoryTextFiles(path);
    return TEXT.has(extname(entry.name)) && statSync(path).size < 2_000_000 ? [path] : [];
  });
}

describe('githubSlug and anchorsOf (GitHub heading anchors)', () => {
  it.each([
    ['The two commands', 'the-two-commands'],
    ["Events (JetStream) and the services' life cycle", 'events-jetstream-and-the-services-life-cycle'],
    ['Item reports: "Report a problem"', 'item-reports-report-a-problem'],
    ['Libraries we rely on (and why)', 'libraries-we-rely-on-and-why'],
    ['Thresholds, and where they come from', 'thresholds-and-where-they-come-from'],
    ['What Fluent is, and for whom', 'what-fluent-is-and-for-whom'],
    ['Sentence, fill-in and jumbled answers', 'sentence-fill-in-and-jumbled-answers'],
    ['The scales (libs/writing-feedback, on our own 0–100 practice scale)', 'the-scales-libswriting-feedback-on-our-own-0100-practice-scale'],
    ['snake_case stays', 'snake_case-stays'],
  ])('%s → #%s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  it('renders code spans to their text, numbers repeated headings, and ignores # lines in code blocks', () => {
    const anchors = anchorsOf(
      ['# Top', '## The Node engine (`npm run bench`)', '## Gateway', '### Gateway', '```bash', '# not a heading', '```', '<a id="kept"></a>'].join('\n'),
    );
    expect([...anchors].sort()).toEqual(['gateway', 'gateway-1', 'kept', 'the-node-engine-npm-run-bench', 'top']);
  });

  it('finds links and images outside code only', () => {
    const links = linksOf('[a](x.md#y) ![pic](images/p.png)\n\n```\n[no](z.md)\n```\n`[no](w.md)`');
    expect(links).toEqual(['x.md#y', 'images/p.png']);
  });
});

describe('links in README.md, docs/ and deploy/RUNBOOK.md', () => {
  it('every relative link and anchor resolves', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of CHECKED) {
      for (const target of linksOf(readFileSync(file, 'utf8'))) {
        checked += 1;
        const why = brokenLink(ROOT, file, target);
        if (why) broken.push(`${relative(ROOT, file)}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('every page of docs/ opens with a table of contents that lists each of its sections', () => {
    expect(docsPages.length).toBeGreaterThanOrEqual(6);
    for (const page of docsPages) {
      const source = readFileSync(page, 'utf8');
      const sections = [...source.matchAll(/^## (.+)$/gm)].map(([, title]) => title!).filter((title) => title !== 'Contents');
      const contents = source.split(/^## Contents$/m)[1]?.split(/^## /m)[0] ?? '';
      const listed = new Set(linksOf(contents));
      const missing = sections.filter((title) => ![...listed].some((link) => link === `#${githubSlug(title.replace(/`/g, ''))}`));
      expect(missing, relative(ROOT, page)).toEqual([]);
    }
  });
});

describe('what the code and the other documents cite', () => {
  const files = repositoryTextFiles();

  it('every docs/….md#<section> and README.md#<section> they name exists', () => {
    const broken: string[] = [];
    let cited = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [, path, anchor] of text.matchAll(/(?<![\w/.-])((?:docs\/[a-z-]+|README)\.md)(?:#([\w-]+))?/g)) {
        cited += 1;
        const why = brokenLink(ROOT, join(ROOT, 'index'), anchor ? `${path}#${anchor}` : path!);
        if (why) broken.push(`${relative(ROOT, file)}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(50);
  });

  it('nothing points at files outside the repository (the specification notes a clone does not have)', () => {
    const outside = new RegExp(
      [...['SPEC', 'ARCHITECTURE', 'STACK-NOTES', 'STYLE'].map((name) => `\\b${name}\\.md\\b`), ['\\.\\.', 'shared', ''].join('/'), ['', 'work', 'shared'].join('/')].join('|'),
    );
    const offenders = files.filter((file) => outside.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });
});
