import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AccessTokenGuard } from '../../auth/access-token.guard';
import { AuthModule } from '../../auth/auth.module';
import { RoleGuard } from '../../auth/role.guard';

/** Every route's guards, in this order (one module, so the order is certain). */
@Module({
  imports: [AuthModule],
  providers: [
    // Rate limits first, so unauthenticated floods are cut before any token work.
    { provide: APP_GUARD, useClass: ThrottlerGuard },
    { provide: APP_GUARD, useClass: AccessTokenGuard },
    // After the token check: routes marked @RequireRole need that realm role in the verified token.
    { provide: APP_GUARD, useClass: RoleGuard },
  ],
})
export class GuardsModule {}
