/**
 * The timer display (docs/product.md#the-test-screen): m:ss from a minute up, seconds with an 's' suffix below.
 * A countdown shows the whole seconds not yet over, so it reads 60 s until the first second passes.
 */
export function formatTime(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds left, as the passage read phase says them. */
export const secondsLeft = (remainingMs: number): number => Math.max(0, Math.ceil(remainingMs / 1000));

/**
 * What the screen reader hears about the time, politely and only at a few moments (not every
 * second): when the timer starts, at 1 minute, 30 and 10 seconds left, and when time is up.
 */
export function timeAnnouncement(remainingMs: number, durationMs: number): string | undefined {
  const seconds = secondsLeft(remainingMs);
  if (seconds === 0) return 'Time is up.';
  if (seconds === Math.ceil(durationMs / 1000)) return `${spoken(seconds)} to answer.`;
  if (seconds === 60 || seconds === 30 || seconds === 10) return `${spoken(seconds)} left.`;
  return undefined;
}

function spoken(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(minutes === 1 ? '1 minute' : `${minutes} minutes`);
  if (rest > 0) parts.push(rest === 1 ? '1 second' : `${rest} seconds`);
  return parts.join(' ');
}
