import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { env } from '@/config/env';
import { sendPageView } from '../api/send-page-view';
import { browserPrivacySignals, mayTrack, type PrivacySignals } from '../do-not-track';
import { loadGoogleAnalytics } from '../google-analytics';

export interface PageViewTrackingOptions {
  measurementId?: string;
  signals?: () => PrivacySignals;
  send?: (path: string) => void;
  loadGa?: (measurementId: string) => (path: string) => void;
}

let gaPageView: ((path: string) => void) | undefined;

/**
 * Reports every route change (SPEC.md §2): to our own analytics, and to GA4 when a measurement id
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
      gaPageView(pathname);
    }
  }, [pathname, measurementId, signals, send, loadGa]);
}

/** Tests only: forget the loaded GA reporter. */
export function resetGoogleAnalyticsForTests(): void {
  gaPageView = undefined;
}
