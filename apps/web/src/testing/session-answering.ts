import { ApiError } from '@/lib/api-client';
import { AuthSession } from '@/lib/auth/auth-session';

/** A real AuthSession whose server answers are given per path (anything else: 401), with no timers. */
export function sessionAnswering(answers: Record<string, () => unknown>): AuthSession {
  return new AuthSession({
    request: (async (path: string) => {
      const answer = answers[path];
      if (!answer) throw new ApiError(401, 'No session.');
      return answer();
    }) as never,
    exclusive: (work) => work(),
    now: () => Date.now(),
    setTimer: () => 0,
    clearTimer: () => undefined,
    navigate: () => undefined,
  });
}
