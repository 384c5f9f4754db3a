import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize-post-html';

describe('sanitizePostHtml', () => {
  it('removes a script element together with its code', () => {
    const html = sanitizePostHtml('<p>Before</p><script>fetch("/api/me").then(r => r.text()).then(steal)</script><p>After</p>');
    expect(html).toBe('<p>Before</p><p>After</p>');
  });

  it('removes event handler attributes such as onerror, and the img that carried one', () => {
    const html = sanitizePostHtml('<p onclick="alert(1)">Tip <img src="x" onerror="alert(document.cookie)"> here</p>');
    expect(html).toBe('<p>Tip  here</p>');
    expect(html).not.toMatch(/onerror|onclick|<img/i);
  });

  it.each([
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<a href="  javascript:alert(1)">click</a>',
    '<a href="java&#x09;script:alert(1)">click</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
    '<a href="//evil.example/x">click</a>',
  ])('drops an unsafe link target: %s', (input) => {
    expect(sanitizePostHtml(input)).toBe('<a>click</a>');
  });

  it('removes style, iframe, object, form and inline styles', () => {
    const html = sanitizePostHtml(
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe><object data="x.swf"></object>' +
        '<form action="https://evil.example"><input name="password"></form><p style="background:url(javascript:alert(1))">Text</p>',
    );
    expect(html).toBe('<p>Text</p>');
  });

  it('keeps the structure posts use: headings, lists, emphasis, quotes, code and safe links', () => {
    const input =
      '<h2>Plan</h2><p>Read <strong>twice</strong>, write <em>once</em>.</p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
      '<blockquote><p>Quote</p></blockquote><p><code>Dear Sir</code></p><p><a href="/blog/typing-speed">Typing</a> ' +
      '<a href="mailto:support@fluent.example">mail</a></p>';
    expect(sanitizePostHtml(input)).toBe(input);
  });

  it('marks links that leave the site noopener noreferrer nofollow', () => {
    expect(sanitizePostHtml('<a href="https://example.org/guide" onmouseover="x()">guide</a>')).toBe(
      '<a href="https://example.org/guide" rel="noopener noreferrer nofollow">guide</a>',
    );
  });

  it('turns an h1 into an h2 (the page title is the only h1)', () => {
    expect(sanitizePostHtml('<h1>Title</h1>')).toBe('<h2>Title</h2>');
  });
});
