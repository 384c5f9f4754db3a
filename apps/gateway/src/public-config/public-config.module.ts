import { Module } from '@nestjs/common';
import { PublicConfigController } from './public-config.controller';

/** What the SPA needs to know at run time. */
@Module({ controllers: [PublicConfigController] })
export class PublicConfigModule {}
