type Gtag = (...args: unknown[]) => void;
type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

export const GTAG_SCRIPT = 'https://www.googletagmanager.com/gtag/js';

/**
 * Loads Google Analytics 4 (gtag.js) for `measurementId` and returns how to report a page view.
 * Only called when a measurement id is configured and the visitor allows tracking, so without one
 * nothing is ever loaded from Google. Its own page views are off: the SPA reports each route change.
 */
export function loadGoogleAnalytics(measurementId: string, win: AnalyticsWindow = window): (path: string) => void {
  const doc = win.document;
  win.dataLayer = win.dataLayer ?? [];
  if (!win.gtag) {
    // gtag.js reads `arguments` objects from the data layer, not arrays: this is Google's own snippet.
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      win.dataLayer!.push(arguments);
    };
    const script = doc.createElement('script');
    script.async = true;
    script.src = `${GTAG_SCRIPT}?id=${encodeURIComponent(measurementId)}`;
    doc.head.append(script);
    win.gtag('js', new Date());
    win.gtag('config', measurementId, { send_page_view: false });
  }
  const gtag = win.gtag;
  return (path) => gtag('event', 'page_view', { page_path: path, page_location: `${win.location.origin}${path}`, page_title: doc.title });
}
