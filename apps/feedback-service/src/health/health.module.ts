import { Module } from '@nestjs/common';
import { LanguageToolModule } from '../languagetool/languagetool.module';
import { HealthController } from './health.controller';

@Module({ imports: [LanguageToolModule], controllers: [HealthController] })
export class HealthModule {}
