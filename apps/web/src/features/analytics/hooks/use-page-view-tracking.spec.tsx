import { StrictMode } from 'react';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrivacySignals } from '../do-not-track';
import { resetGoogleAnalyticsForTests, usePageViewTracking, type PageViewTrackingOptions } from './use-page-view-tracking';

function setup(options: PageViewTrackingOptions, strict = false) {
  function Root() {
    usePageViewTracking(options);
    return <Outlet />;
  }
  const router = createMemoryRouter(
    [{ element: <Root />, children: [{ path: '/', element: <p>home</p> }, { path: '/blog', element: <p>blog</p> }, { path: '/blog/:slug', element: <p>post</p> }] }],
    { initialEntries: ['/'] },
  );
  render(strict ? <StrictMode><RouterProvider router={router} /></StrictMode> : <RouterProvider router={router} />);
  return router;
}

const allow = (): PrivacySignals => ({ doNotTrack: null });

describe('usePageViewTracking', () => {
  afterEach(() => resetGoogleAnalyticsForTests());

  it('reports the first page and every route change, with the path only', async () => {
    const send = vi.fn();
    const router = setup({ send, signals: allow, measurementId: '' });
    await act(() => router.navigate('/blog'));
    await act(() => router.navigate('/blog/typing-speed?utm_source=mail#part-2'));
    expect(send.mock.calls).toEqual([['/'], ['/blog'], ['/blog/typing-speed']]);
  });

  it("counts each page once under React's StrictMode (effects run twice in development)", async () => {
    const send = vi.fn();
    const router = setup({ send, signals: allow, measurementId: '' }, true);
    await act(() => router.navigate('/blog'));
    expect(send.mock.calls).toEqual([['/'], ['/blog']]);
  });

  it('does not count a change of query or fragment alone as a new page', async () => {
    const send = vi.fn();
    const router = setup({ send, signals: allow, measurementId: '' });
    await act(() => router.navigate('/?tab=2'));
    await act(() => router.navigate('/#top'));
    expect(send.mock.calls).toEqual([['/']]);
  });

  it.each<[string, PrivacySignals]>([
    ['Do Not Track', { doNotTrack: '1' }],
    ['Do Not Track on window (older browsers)', { doNotTrack: undefined, windowDoNotTrack: '1' }],
    ['Global Privacy Control', { globalPrivacyControl: true }],
  ])('sends nothing, and loads no Google Analytics, under %s', async (_case, signals) => {
    const send = vi.fn();
    const loadGa = vi.fn(async () => vi.fn());
    const router = setup({ send, signals: () => signals, measurementId: 'G-TEST', loadGa });
    await act(() => router.navigate('/blog'));
    expect(send).not.toHaveBeenCalled();
    expect(loadGa).not.toHaveBeenCalled();
  });

  it('never loads Google Analytics without a measurement id', async () => {
    const loadGa = vi.fn(async () => vi.fn());
    const router = setup({ send: vi.fn(), signals: allow, measurementId: '', loadGa });
    await act(() => router.navigate('/blog'));
    expect(loadGa).not.toHaveBeenCalled();
  });

  it('with a measurement id, loads Google Analytics once and reports every page to it too', async () => {
    const gaPageView = vi.fn();
    const loadGa = vi.fn(async () => gaPageView);
    const router = setup({ send: vi.fn(), signals: allow, measurementId: 'G-TEST', loadGa });
    await act(() => router.navigate('/blog'));
    await act(() => Promise.resolve());
    expect(loadGa).toHaveBeenCalledTimes(1);
    expect(loadGa).toHaveBeenCalledWith('G-TEST');
    expect(gaPageView.mock.calls).toEqual([['/'], ['/blog']]);
  });
});
