import { useRef } from 'react';
import { SECTION_KEYS, SECTION_NAMES } from '@fluent/contracts';
import { formatTime, timeAnnouncement } from '../model/format-time';

interface RunnerBarProps {
  testId: number;
  /** 1-6. */
  section: number;
  /** Time left and the stage's full length, for timed stages. */
  timer?: { remainingMs: number; durationMs: number };
}

/**
 * The bar above a running test: which test, which section of six, and the time left. The time
 * is read out politely at a few moments only (a separate live region), never every second.
 */
export function RunnerBar({ testId, section, timer }: RunnerBarProps) {
  const lastAnnouncement = useRef('');
  const announcement = timer ? timeAnnouncement(timer.remainingMs, timer.durationMs) : undefined;
  if (announcement) lastAnnouncement.current = announcement;
  return (
    <header className="runner-bar" aria-label="Test progress">
      <span className="brand">Fluent</span>
      <div className="runner-progress">
        <span>
          Test {testId} · Section {section} of {SECTION_KEYS.length}: {SECTION_NAMES[SECTION_KEYS[section - 1]!]}
        </span>
        <progress max={SECTION_KEYS.length} value={section} aria-hidden="true" />
      </div>
      {timer ? (
        <div className="runner-timer" role="timer" aria-live="off">
          <span className="runner-timer-label">Time left</span> <strong>{formatTime(timer.remainingMs)}</strong>
        </div>
      ) : (
        <div className="runner-timer" />
      )}
      <p className="runner-sr-only" aria-live="polite" aria-atomic="true">
        {lastAnnouncement.current}
      </p>
    </header>
  );
}
