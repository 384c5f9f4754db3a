import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { ItemReportsController } from './item-reports.controller';

/** The cards, tests, attempts and item reports (catalog-service). */
@Module({ controllers: [CatalogController, ItemReportsController] })
export class CatalogModule {}
