import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { perAddressLimit } from './address-limits';
import { config } from '../../config';
import { isPasswordRoute, PASSWORD_THROTTLER } from './password-routes';
import { RateLimitStorage } from './rate-limit-storage';

/** The throttlers (the API's limit, the password routes' limit) on the shared RateLimitStorage (RateLimitModule). */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [RateLimitStorage],
      useFactory: (storage: RateLimitStorage) => ({
        throttlers: [
          { name: 'default', ttl: 60_000, limit: perAddressLimit(config.API_RATE_LIMIT) },
          { name: PASSWORD_THROTTLER, ttl: 60_000, limit: perAddressLimit(config.AUTH_RATE_LIMIT), skipIf: (context) => !isPasswordRoute(context) },
        ],
        // Shared by every gateway replica; keyed by the client address Express derives with TRUST_PROXY
        // (an IPv6 address by its /64, the throttler's default: one household or school, one bucket).
        storage,
        errorMessage: 'Too many requests. Please wait a moment and try again.',
      }),
    }),
  ],
})
export class ThrottlingModule {}
