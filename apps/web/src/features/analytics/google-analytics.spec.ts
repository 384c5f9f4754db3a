import { afterEach, describe, expect, it } from 'vitest';
import { GTAG_SCRIPT, loadGoogleAnalytics } from './google-analytics';

type TestWindow = Window & { dataLayer?: IArguments[]; gtag?: unknown };

describe('loadGoogleAnalytics', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete (window as TestWindow).dataLayer;
    delete (window as TestWindow).gtag;
  });

  it("adds gtag.js for the measurement id, configured without its own page views", () => {
    loadGoogleAnalytics('G-TEST123');
    const scripts = Array.from(document.head.querySelectorAll('script'));
    expect(scripts.map((s) => s.src)).toEqual([`${GTAG_SCRIPT}?id=G-TEST123`]);
    expect(scripts[0]!.async).toBe(true);
    const layer = (window as TestWindow).dataLayer!.map((args) => Array.from(args));
    expect(layer[0]![0]).toBe('js');
    expect(layer[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
  });

  it('reports a page view with the path and no query', () => {
    document.title = 'Blog | Fluent';
    const pageView = loadGoogleAnalytics('G-TEST123');
    pageView('/blog');
    const last = Array.from((window as TestWindow).dataLayer!.at(-1)!);
    expect(last).toEqual(['event', 'page_view', { page_path: '/blog', page_location: `${window.location.origin}/blog`, page_title: 'Blog | Fluent' }]);
  });

  it('loads the script once however often it is called', () => {
    loadGoogleAnalytics('G-TEST123');
    loadGoogleAnalytics('G-TEST123');
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});
