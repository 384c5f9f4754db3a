import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AttemptsModule } from '../attempts/attempts.module';
import { config } from '../config';
import { ItemReport, ItemReportSchema } from './item-report.schema';
import { ItemReportRetention } from './item-report-retention';
import { ItemReportsController } from './item-reports.controller';
import { ItemReportsService } from './item-reports.service';

/** "Report a problem" on an item, the operators' list of reports, and their retention. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ItemReport.name, schema: ItemReportSchema }]), AttemptsModule],
  controllers: [ItemReportsController],
  providers: [
    ItemReportsService,
    {
      provide: ItemReportRetention,
      inject: [ItemReportsService],
      useFactory: (reports: ItemReportsService) =>
        new ItemReportRetention(reports, { days: config.ITEM_REPORT_RETENTION_DAYS, intervalMs: config.ITEM_REPORT_RETENTION_INTERVAL_MS }),
    },
  ],
})
export class ReportsModule {}
