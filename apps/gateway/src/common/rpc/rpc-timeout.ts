import { HttpException, HttpStatus } from '@nestjs/common';

/** A service did not answer within the request's deadline: a 504 unless the route is safe to retry (see retry-safe.ts). */
export class RpcTimeoutException extends HttpException {
  constructor() {
    super({ statusCode: HttpStatus.GATEWAY_TIMEOUT, message: 'A service did not answer in time. Please try again.' }, HttpStatus.GATEWAY_TIMEOUT);
  }
}
