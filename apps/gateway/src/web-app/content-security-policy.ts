/**
 * The hosts Google Analytics 4 (gtag.js) needs in the Content-Security-Policy, as Google documents
 * them; none when no measurement id is configured, so the page then cannot reach Google at all.
 */
export function googleAnalyticsSources(measurementId: string): { script: string[]; connect: string[]; img: string[] } {
  if (!measurementId) return { script: [], connect: [], img: [] };
  return {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  };
}
