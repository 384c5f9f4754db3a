import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AnalyticsController } from './analytics.controller';
import { PageViewConsumer } from './page-view.consumer';
import { PageView, PageViewSchema } from './page-view.schema';
import { PageViewsService } from './page-views.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: PageView.name, schema: PageViewSchema }])],
  controllers: [AnalyticsController],
  providers: [PageViewsService, PageViewConsumer],
})
export class AnalyticsModule {}
