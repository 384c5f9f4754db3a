import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Entitlement, EntitlementSchema } from './entitlement.schema';
import { EntitlementsService } from './entitlements.service';

/** Who has paid, from the catalog's own entitlements collection (fed by the payments module). */
@Module({
  imports: [MongooseModule.forFeature([{ name: Entitlement.name, schema: EntitlementSchema }])],
  providers: [EntitlementsService],
  exports: [EntitlementsService],
})
export class EntitlementsModule {}
