import sanitizeHtml from 'sanitize-html';

/**
 * What a post's HTML may contain: text structure and links, nothing that runs or loads anything
 * (no script, style, iframe, img, form, event handler or style attribute). Links keep http(s),
 * mailto and site-relative targets only, so `javascript:` and `data:` URLs are dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'blockquote', 'code', 'pre', 'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The tags' text goes too, not only the tags (sanitize-html keeps the text of most unknown tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  transformTags: {
    // The page shows the title as its only h1; a heading inside the post is a section heading.
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      // Links out of the site pass no referrer and get no hold on our window.
      const external = /^https?:\/\//i.test(href);
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow' } : { ...attribs } };
    },
  },
};

/** Sanitises a post's HTML before it is stored (the web app renders it as it is). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
