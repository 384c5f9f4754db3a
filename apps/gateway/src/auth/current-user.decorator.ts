import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedUser } from '@fluent/contracts';

export type AuthenticatedRequest = { user?: AuthenticatedUser };

/** The caller, as the access token proved it (set by AccessTokenGuard). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new Error('CurrentUser used on a public route');
  return user;
});
