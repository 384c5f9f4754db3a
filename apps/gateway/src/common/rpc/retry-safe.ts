import { HttpException, HttpStatus, Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, throwError, type Observable } from 'rxjs';
import { RpcTimeoutException } from './rpc-timeout';

const RETRY_SAFE = 'fluent:retry-safe';

/**
 * Marks a state-changing route that may be repeated without harm (idempotent by a key the client
 * sends, such as the submission id): a NATS timeout there is a 503 the client may retry, as on a GET.
 */
export const RetrySafe = (): MethodDecorator => SetMetadata(RETRY_SAFE, true);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether repeating the request cannot do anything twice: a safe method, or a route marked @RetrySafe(). */
export const isRetrySafe = (method: string, markedRetrySafe: boolean): boolean => SAFE_METHODS.has(method.toUpperCase()) || markedRetrySafe;

export const RETRY_SAFE_TIMEOUT_MESSAGE = 'A service is unavailable for a moment. Please try again.';

/**
 * A service that did not answer in time may or may not have done the work. Where repeating the
 * request is harmless that does not matter to the caller: it is told 503 (with Retry-After, see
 * http/retry-after.ts) and retries. Elsewhere it stays a 504, which a client must not repeat blindly.
 */
@Injectable()
export class RetrySafeTimeoutsInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof RpcTimeoutException) || context.getType() !== 'http') return throwError(() => error);
        const { method } = context.switchToHttp().getRequest<{ method: string }>();
        const marked = this.reflector.get<boolean | undefined>(RETRY_SAFE, context.getHandler()) === true;
        if (!isRetrySafe(method, marked)) return throwError(() => error);
        return throwError(
          () => new HttpException({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: RETRY_SAFE_TIMEOUT_MESSAGE }, HttpStatus.SERVICE_UNAVAILABLE),
        );
      }),
    );
  }
}
