import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { env } from '@/config/env';
import { sendPageView } from '../api/send-page-view';
import { browserPrivacySignals, mayTrack, type PrivacySignals } from '../do-not-track';

export interface PageViewTrackingOptions {
  measurementId?: string;
  signals?: () => PrivacySignals;
  send?: (path: string) => void;
  /** Loads gtag.js and resolves to how a page view is reported to it. */
  loadGa?: (measurementId: string) => Promise<(path: string) => void>;
}

/** The GA loader is its own chunk: most builds have no measurement id and never fetch it. */
const loadGoogleAnalytics = (measurementId: string) => import('../google-analytics').then((ga) => ga.loadGoogleAnalytics(measurementId));

let gaPageView: Promise<(path: string) => void> | undefined;

/**
 * Reports every route change (docs/product.md#pages): to our own analytics, and to GA4 when a measurement id
 * is configured. Nothing at all when the visitor sends Do Not Track or Global Privacy Control.
 * A change of query or fragment alone is not a new page; React's StrictMode double effects do
 * not count twice.
 */
export function usePageViewTracking(options: PageViewTrackingOptions = {}): void {
  const { pathname } = useLocation();
  const last = useRef<string | undefined>(undefined);
  const { measurementId = env.gaMeasurementId, signals = browserPrivacySignals, send = sendPageView, loadGa = loadGoogleAnalytics } = options;
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    if (!mayTrack(signals())) return;
    send(pathname);
    if (measurementId) {
      gaPageView ??= loadGa(measurementId);
      // In order: every page view waits for the same load.
      void gaPageView.then((report) => report(pathname));
    }
  }, [pathname, measurementId, signals, send, loadGa]);
}

/** Tests only: forget the loaded GA reporter. */
export function resetGoogleAnalyticsForTests(): void {
  gaPageView = undefined;
}
