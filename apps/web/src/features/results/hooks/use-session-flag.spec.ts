import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnlyMissed, useSessionFlag } from './use-session-flag';

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('useSessionFlag: a choice remembered for the session', () => {
  it('starts off, and a page opened again in the session finds the choice as it was left', () => {
    const first = renderHook(() => useOnlyMissed('jumbled'));
    expect(first.result.current[0]).toBe(false);
    act(() => first.result.current[1](true));
    expect(first.result.current[0]).toBe(true);
    first.unmount();

    expect(renderHook(() => useOnlyMissed('jumbled')).result.current[0]).toBe(true);
    // Each section keeps its own.
    expect(renderHook(() => useOnlyMissed('fills')).result.current[0]).toBe(false);
  });

  it('forgets the choice once turned off again', () => {
    const { result, unmount } = renderHook(() => useSessionFlag('k'));
    act(() => result.current[1](true));
    act(() => result.current[1](false));
    unmount();
    expect(renderHook(() => useSessionFlag('k')).result.current[0]).toBe(false);
    expect(window.sessionStorage.getItem('k')).toBeNull();
  });

  it('still applies the choice when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const { result } = renderHook(() => useSessionFlag('k'));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
  });
});
