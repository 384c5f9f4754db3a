import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AnalyticsController } from './analytics.controller';
import { pageViewConsumer } from './page-view.consumer';
import { PageView, PageViewDay, PageViewDaySchema, PageViewSchema, RolledUpDay, RolledUpDaySchema } from './page-view.schema';
import { PageViewsService } from './page-views.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PageView.name, schema: PageViewSchema },
      { name: PageViewDay.name, schema: PageViewDaySchema },
      { name: RolledUpDay.name, schema: RolledUpDaySchema },
    ]),
  ],
  controllers: [AnalyticsController],
  providers: [PageViewsService, pageViewConsumer],
})
export class AnalyticsModule {}
