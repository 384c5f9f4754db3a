import { ArgumentsHost, Catch, HttpException, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { throwError, type Observable } from 'rxjs';
import type { ErrorBody } from '@fluent/contracts';
import { isDatabaseUnavailable, unavailableBody } from '../database/unavailable';

/** Throw from a service handler to answer the caller with an HTTP-style status and message. */
export function rpcError(statusCode: number, message: string, errors?: Record<string, string>): RpcException {
  const body: ErrorBody = errors ? { statusCode, message, errors } : { statusCode, message };
  return new RpcException(body);
}

/**
 * Every error leaving a service crosses NATS as {statusCode, message}. Without this filter anything
 * but an RpcException reaches the gateway as an anonymous 500, and the reason is lost.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => toErrorBody(exception, this.logger));
  }
}

export function toErrorBody(exception: unknown, logger?: Logger): ErrorBody {
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (typeof error === 'object' && error !== null && 'statusCode' in error) return error as ErrorBody;
    return { statusCode: 500, message: typeof error === 'string' ? error : 'Internal error' };
  }
  if (exception instanceof HttpException) {
    return { statusCode: exception.getStatus(), message: exception.message };
  }
  if (isDatabaseUnavailable(exception)) {
    // Not the request's fault and not a bug: the caller is told to try again (503, Retry-After).
    logger?.warn(`The database is unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    return unavailableBody();
  }
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { statusCode: 500, message: 'Internal server error' };
}
