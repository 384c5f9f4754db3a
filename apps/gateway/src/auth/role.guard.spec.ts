import { ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { describe, expect, it } from 'vitest';
import type { AuthenticatedRequest } from './current-user.decorator';
import { RequireRole } from './require-role.decorator';
import { RoleGuard } from './role.guard';

class Reports {
  @RequireRole('operator')
  pageViews(): void {}
  open(): void {}
}

const contextFor = (request: AuthenticatedRequest, handler: keyof Reports) =>
  new ExecutionContextHost([request, {}, () => undefined], Reports as never, Reports.prototype[handler]);

describe('RoleGuard', () => {
  const guard = new RoleGuard(new Reflector());

  it('lets a caller with the required realm role through', () => {
    expect(guard.canActivate(contextFor({ user: { uid: 'u', roles: ['default-roles-fluent', 'operator'] } }, 'pageViews'))).toBe(true);
  });

  it.each([
    ['no roles at all', { uid: 'u' }],
    ['other roles only', { uid: 'u', roles: ['default-roles-fluent', 'operators', 'OPERATOR'] }],
  ])('refuses a signed-in caller with %s: 403 with a JSON message', (_case, user) => {
    let refusal: unknown;
    try {
      guard.canActivate(contextFor({ user }, 'pageViews'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ForbiddenException);
    expect((refusal as ForbiddenException).getResponse()).toEqual({ statusCode: 403, message: 'You do not have access to this page.' });
  });

  it('leaves routes without a required role alone', () => {
    expect(guard.canActivate(contextFor({ user: { uid: 'u' } }, 'open'))).toBe(true);
  });
});
