import { applyDecorators, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { perAddressLimit } from './address-limits';
import { config } from '../../config';

/**
 * The throttler of the routes that check a password (sign-in, sign-up). It counts exactly in the
 * store every replica shares, and fails closed: a guess that cannot be counted is not let through.
 * Every other limit is decided locally (see RateLimitStorage).
 */
export const PASSWORD_THROTTLER = 'password';
const PASSWORD_ROUTE = 'fluent:password-route';

/** Marks a route as a password check: AUTH_RATE_LIMIT per minute and address, counted exactly. */
export const PasswordRoute = () =>
  applyDecorators(SetMetadata(PASSWORD_ROUTE, true), Throttle({ [PASSWORD_THROTTLER]: { limit: perAddressLimit(config.AUTH_RATE_LIMIT), ttl: 60_000 } }));

/** The password throttler applies to marked routes only. */
export const isPasswordRoute = (context: ExecutionContext): boolean => Reflect.getMetadata(PASSWORD_ROUTE, context.getHandler()) === true;
