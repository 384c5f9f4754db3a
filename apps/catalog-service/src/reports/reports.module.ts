import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AttemptsModule } from '../attempts/attempts.module';
import { ItemReport, ItemReportSchema } from './item-report.schema';
import { ItemReportsController } from './item-reports.controller';
import { ItemReportsService } from './item-reports.service';

/** "Report a problem" on an item, and the operators' list of reports. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ItemReport.name, schema: ItemReportSchema }]), AttemptsModule],
  controllers: [ItemReportsController],
  providers: [ItemReportsService],
})
export class ReportsModule {}
