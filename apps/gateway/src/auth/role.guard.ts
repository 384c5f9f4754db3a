import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedRequest } from './current-user.decorator';
import { REQUIRED_ROLE } from './require-role.decorator';

/**
 * Runs after AccessTokenGuard: a route marked @RequireRole(role) answers 403 to a signed-in caller
 * whose verified access token lacks that realm role (401 for no token stays AccessTokenGuard's).
 */
@Injectable()
export class RoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const role = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_ROLE, [context.getHandler(), context.getClass()]);
    if (!role) return true;
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user?.roles?.includes(role)) {
      throw new ForbiddenException({ statusCode: 403, message: 'You do not have access to this page.' });
    }
    return true;
  }
}
