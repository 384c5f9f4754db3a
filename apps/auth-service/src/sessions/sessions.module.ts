import { Logger, Module } from '@nestjs/common';
import { KvBuckets } from '@fluent/contracts';
import { NatsKv } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { kvGraceStore, RefreshGrace } from './refresh-grace';

/** The short grace of a rotated refresh token, shared by the replicas in a NATS KV bucket. */
@Module({
  providers: [
    {
      provide: NatsKv,
      useFactory: () => NatsKv.forService(SERVICE_NAME, config),
    },
    {
      provide: RefreshGrace,
      inject: [NatsKv],
      useFactory: (kv: NatsKv) => {
        const logger = new Logger(RefreshGrace.name);
        return new RefreshGrace(
          kvGraceStore((work) => kv.use(KvBuckets.refreshGrace, config.REFRESH_GRACE_SECONDS * 1000, work)),
          config.KEYCLOAK_WEB_CLIENT_SECRET,
          3000,
          undefined,
          (error) => logger.warn(`Refresh grace store unavailable: ${String(error)}`),
        );
      },
    },
  ],
  exports: [RefreshGrace],
})
export class SessionsModule {}
