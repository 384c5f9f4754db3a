import { Global, Module } from '@nestjs/common';
import { NatsKv } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../../config';
import { SignInAttempts } from './sign-in-attempts';

/** The gateway's shared rate-limit state on NATS KV (one connection, used by the throttler and SignInAttempts). */
@Global()
@Module({
  providers: [
    { provide: NatsKv, useFactory: () => new NatsKv({ url: config.NATS_URL, name: SERVICE_NAME, user: config.NATS_USER, pass: config.NATS_PASSWORD }) },
    SignInAttempts,
  ],
  exports: [NatsKv, SignInAttempts],
})
export class RateLimitModule {}
