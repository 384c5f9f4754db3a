import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { ItemReportsController } from './item-reports.controller';
import { JumbledOrdersController } from './jumbled-orders.controller';

/** The cards, tests, attempts, item reports and the operators' jumbled orders (catalog-service). */
@Module({ controllers: [CatalogController, ItemReportsController, JumbledOrdersController] })
export class CatalogModule {}
