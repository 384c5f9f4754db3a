import {
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { KeycloakAccessTokenVerifier, TokenInvalidError, VerificationUnavailableError } from './access-token-verifier';
import type { AuthenticatedRequest } from './current-user.decorator';
import { IS_PUBLIC } from './public.decorator';

/**
 * Every /api route needs a valid access token unless it is marked @Public(). A token that fails a
 * check is a 401 (signing in again helps); a token that cannot be checked because the signing keys
 * cannot be had is a 503 (retrying later helps; the session is not ended for it).
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  private readonly logger = new Logger(AccessTokenGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: KeycloakAccessTokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) {
      throw new UnauthorizedException({ statusCode: 401, message: 'Sign in to continue.' });
    }
    try {
      request.user = await this.verifier.verify(token);
    } catch (error) {
      if (error instanceof VerificationUnavailableError) {
        this.logger.warn(`Access token not checked: ${error.message}`);
        throw new ServiceUnavailableException({
          statusCode: 503,
          message: 'Sign-in cannot be checked right now. Please try again in a moment.',
        });
      }
      this.logger.debug(`Access token refused: ${error instanceof TokenInvalidError ? error.reason : String(error)}`);
      throw new UnauthorizedException({ statusCode: 401, message: 'Your session is not valid. Please sign in again.' });
    }
    return true;
  }
}
