import { Module } from '@nestjs/common';
import { SiteController } from './site.controller';

/** robots.txt, sitemap.xml and the pages with their own meta for crawlers and link previews. */
@Module({ controllers: [SiteController] })
export class SiteModule {}
