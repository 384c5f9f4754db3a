import { Logger, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { NatsKv, premiumPriceBookProvider, PremiumPriceRecord, PremiumPriceRecordSchema } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { KeycloakAdmin } from '../keycloak/keycloak-admin';
import { KeycloakTokens } from '../keycloak/keycloak-tokens';
import { RealmSecretsCheck } from '../keycloak/realm-secrets-check';
import { PaidTestsService } from '../payments/paid-tests.service';
import { paymentEventsConsumer } from '../payments/payment-events.consumer';
import { UserPayment, UserPaymentSchema } from '../payments/user-payment.schema';
import { kvGraceStore, RefreshGrace } from '../sessions/refresh-grace';
import { UserDocumentCache } from './user-document-cache';
import { User, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

const GRACE_BUCKET = 'auth_refresh_grace';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: UserPayment.name, schema: UserPaymentSchema },
      { name: PremiumPriceRecord.name, schema: PremiumPriceRecordSchema },
    ]),
  ],
  controllers: [UsersController],
  providers: [
    UsersService,
    UserDocumentCache,
    KeycloakAdmin,
    KeycloakTokens,
    RealmSecretsCheck,
    PaidTestsService,
    paymentEventsConsumer,
    premiumPriceBookProvider(config),
    {
      provide: NatsKv,
      useFactory: () => new NatsKv({ url: config.NATS_URL, name: SERVICE_NAME, user: config.NATS_USER, pass: config.NATS_PASSWORD }),
    },
    {
      provide: RefreshGrace,
      inject: [NatsKv],
      useFactory: (kv: NatsKv) => {
        const logger = new Logger(RefreshGrace.name);
        return new RefreshGrace(
          kvGraceStore((work) => kv.use(GRACE_BUCKET, config.REFRESH_GRACE_SECONDS * 1000, work)),
          config.KEYCLOAK_WEB_CLIENT_SECRET,
          3000,
          undefined,
          (error) => logger.warn(`Refresh grace store unavailable: ${String(error)}`),
        );
      },
    },
  ],
  exports: [UsersService],
})
export class UsersModule {}
