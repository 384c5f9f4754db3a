/**
 * The gateway's Content-Security-Policy, whole (Helmet's defaults are not merged in: every
 * directive is here, with the reason it is as loose as it is).
 *
 * - Scripts: our own bundle, and Stripe.js from Stripe's hosts (live payments only load it). No
 *   inline script, no eval (the web app configures zod not to try), no inline event handlers.
 * - Styles: our own stylesheets only. Injected `<style>` elements and stylesheets from other hosts
 *   are refused (Helmet's default allowed `https:` and 'unsafe-inline' for both). Inline style
 *   *attributes* stay allowed: Stripe.js writes them on the elements it mounts in our page (live
 *   mode), and an attribute carries no selector, so it cannot read the page the way injected CSS
 *   can. Our own React styles are set through the CSSOM, which CSP does not govern.
 * - Frames: Stripe's card fields and 3-D Secure only; nobody may frame us.
 * - Google Analytics, when configured, adds its exact script file and its collection hosts
 *   (googleAnalyticsSources).
 */
export function contentSecurityPolicy(gaMeasurementId: string): { useDefaults: false; directives: Record<string, string[]> } {
  const analytics = googleAnalyticsSources(gaMeasurementId);
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'script-src': ["'self'", ...STRIPE.script, ...analytics.script],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:', ...analytics.img],
      'font-src': ["'self'"],
      'connect-src': ["'self'", ...STRIPE.connect, ...analytics.connect],
      'frame-src': STRIPE.frame,
      'upgrade-insecure-requests': [],
    },
  };
}

/** Stripe.js and Elements, as Stripe's integration security guide lists them. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

/** The file gtag.js is loaded from (features/analytics/google-analytics.ts in the web app). */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/**
 * What Google Analytics 4 (gtag.js) needs; nothing when no measurement id is configured, so the
 * page then cannot reach Google at all. Script: only the gtag.js file itself, by path. A host
 * source such as `*.googletagmanager.com` would let any script on those hosts run here (any Tag
 * Manager container, including one an attacker publishes): a known CSP bypass. Collection: the
 * analytics hosts gtag.js sends to (regional subdomains, hence their wildcards: connect and img
 * cannot run code).
 */
export function googleAnalyticsSources(measurementId: string): { script: string[]; connect: string[]; img: string[] } {
  if (!measurementId) return { script: [], connect: [], img: [] };
  return {
    script: [GTAG_SCRIPT_URL],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
  };
}
