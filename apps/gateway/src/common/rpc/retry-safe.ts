import { Catch, HttpException, HttpStatus, UseFilters, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { RpcTimeoutException } from './rpc-timeout';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether repeating the request cannot do anything twice: a safe method, or a route marked @RetrySafe(). */
export const isRetrySafe = (method: string, markedRetrySafe: boolean): boolean => SAFE_METHODS.has(method.toUpperCase()) || markedRetrySafe;

export const RETRY_SAFE_TIMEOUT_MESSAGE = 'A service is unavailable for a moment. Please try again.';

/**
 * A service that did not answer in time may or may not have done the work. Where repeating the
 * request is harmless that does not matter to the caller: it is told 503 (with Retry-After, see
 * http/retry-after.ts) and retries. Elsewhere it stays a 504, which a client must not repeat blindly.
 *
 * An exception filter, not an interceptor: a filter runs only when a request fails, while a global
 * interceptor wrapped every request in Nest's RxJS pipeline and two AsyncResource bindings (about
 * a tenth of the gateway's CPU per request under load; bench/REPORT.md, section 1).
 */
@Catch(RpcTimeoutException)
export class RetrySafeTimeoutsFilter extends BaseExceptionFilter {
  /** Routes marked @RetrySafe() answer 503 whatever their method. */
  protected readonly markedRetrySafe: boolean = false;

  override catch(exception: RpcTimeoutException, host: ArgumentsHost): void {
    super.catch(retrySafeTimeout(exception, host.switchToHttp().getRequest<{ method: string }>().method, this.markedRetrySafe), host);
  }
}

/** The filter of a route marked @RetrySafe(): its timeouts answer 503 even for a write. */
@Catch(RpcTimeoutException)
export class MarkedRetrySafeTimeoutsFilter extends RetrySafeTimeoutsFilter {
  protected override readonly markedRetrySafe = true;
}

/** What a NATS timeout of a request by `method` becomes: a 503 the client may retry where that is harmless, else itself (a 504). */
export function retrySafeTimeout(exception: RpcTimeoutException, method: string, markedRetrySafe: boolean): HttpException {
  if (!isRetrySafe(method, markedRetrySafe)) return exception;
  return new HttpException({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: RETRY_SAFE_TIMEOUT_MESSAGE }, HttpStatus.SERVICE_UNAVAILABLE);
}

/**
 * Marks a state-changing route that may be repeated without harm (idempotent by a key the client
 * sends, such as the submission id): a NATS timeout there is a 503 the client may retry, as on a GET.
 * A route-scoped filter takes the exception before the global one (RpcModule's).
 */
export const RetrySafe = (): MethodDecorator => UseFilters(MarkedRetrySafeTimeoutsFilter);
