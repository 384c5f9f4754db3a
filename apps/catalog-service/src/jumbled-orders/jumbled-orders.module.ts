import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AttemptsModule } from '../attempts/attempts.module';
import { LearnersModule } from '../learners/learners.module';
import { LibraryModule } from '../library/library.module';
import { ItemReport, ItemReportSchema } from '../reports/item-report.schema';
import { AcceptedOrdersModule } from './accepted-orders.module';
import { jumbledOrderAcceptedConsumer } from './jumbled-order-accepted.consumer';
import { JumbledOrderEvents } from './jumbled-order-events';
import { JumbledOrdersController } from './jumbled-orders.controller';
import { JumbledOrdersService } from './jumbled-orders.service';

/** Learners correct the bank: the operators' claimed orders and decisions, the announcement, and the rescoring consumer. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ItemReport.name, schema: ItemReportSchema }]), AcceptedOrdersModule, AttemptsModule, LearnersModule, LibraryModule],
  controllers: [JumbledOrdersController],
  providers: [JumbledOrdersService, JumbledOrderEvents, jumbledOrderAcceptedConsumer],
})
export class JumbledOrdersModule {}
