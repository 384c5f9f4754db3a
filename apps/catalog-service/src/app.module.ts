import { Module } from '@nestjs/common';
import { databaseModule, loggingModule } from '@fluent/server-kit';
import { AttemptsModule } from './attempts/attempts.module';
import { CatalogModule } from './catalog/catalog.module';
import { config, SERVICE_NAME } from './config';
import { EntitlementsModule } from './entitlements/entitlements.module';
import { HealthModule } from './health/health.module';
import { JumbledOrdersModule } from './jumbled-orders/jumbled-orders.module';
import { LearnersModule } from './learners/learners.module';
import { LibraryModule } from './library/library.module';
import { PracticeModule } from './practice/practice.module';
import { PremiumAccessModule } from './premium-access/premium-access.module';
import { ReportsModule } from './reports/reports.module';

@Module({
  imports: [
    loggingModule(SERVICE_NAME, config.LOG_LEVEL),
    databaseModule(config.MONGODB_URI),
    HealthModule,
    LibraryModule,
    AttemptsModule,
    EntitlementsModule,
    LearnersModule,
    CatalogModule,
    ReportsModule,
    JumbledOrdersModule,
    PremiumAccessModule,
    PracticeModule,
  ],
})
export class AppModule {}
