import { Module } from '@nestjs/common';
import { config } from '../config';
import { LanguageToolClient } from './languagetool.client';

@Module({
  providers: [
    {
      provide: LanguageToolClient,
      useFactory: () => new LanguageToolClient({ url: config.LANGUAGETOOL_URL, variant: config.LANGUAGETOOL_VARIANT, timeoutMs: config.LANGUAGETOOL_TIMEOUT_MS }),
    },
  ],
  exports: [LanguageToolClient],
})
export class LanguageToolModule {}
