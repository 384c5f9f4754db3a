import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AnalyticsController } from './analytics.controller';
import { pageViewConsumer } from './page-view.consumer';
import { pageViewModels } from './page-view.schema';
import { PageViewsService } from './page-views.service';

@Module({
  imports: [MongooseModule.forFeature(pageViewModels)],
  controllers: [AnalyticsController],
  providers: [PageViewsService, pageViewConsumer],
})
export class AnalyticsModule {}
