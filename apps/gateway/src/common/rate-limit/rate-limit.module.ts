import { Global, Module } from '@nestjs/common';
import { NatsKv } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../../config';
import { RateLimitStorage } from './rate-limit-storage';
import { SignInAttempts } from './sign-in-attempts';

/** The gateway's rate-limit state: counters shared on NATS KV (one connection) and decided per RateLimitStorage. */
@Global()
@Module({
  providers: [
    { provide: NatsKv, useFactory: () => NatsKv.forService(SERVICE_NAME, config) },
    {
      provide: RateLimitStorage,
      inject: [NatsKv],
      // 2.5 % of a limit decided blind per replica: four replicas stay within 7.5 % of it (docs/security.md#rate-limits).
      useFactory: (kv: NatsKv) =>
        new RateLimitStorage(kv, { syncMs: config.RATE_LIMIT_SYNC_MS, flushFraction: 0.025, exactFraction: 0.1, answerTimeoutMs: 500 }),
    },
    SignInAttempts,
  ],
  exports: [NatsKv, RateLimitStorage, SignInAttempts],
})
export class RateLimitModule {}
