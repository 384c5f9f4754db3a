import { Module } from '@nestjs/common';
import { config } from '../config';
import { LanguageToolModule } from '../languagetool/languagetool.module';
import { MaskedLmChecker } from '../masked-lm/masked-lm.checker';
import { HarperLinter } from './harper.linter';
import { HarperThread } from './harper.thread';
import { TextChecker } from './text-checker';

@Module({
  imports: [LanguageToolModule],
  providers: [
    { provide: HarperLinter, useFactory: () => new HarperThread() },
    { provide: MaskedLmChecker, useFactory: () => new MaskedLmChecker({ enabled: config.MASKED_LM_ENABLED, dir: config.MASKED_LM_DIR, budgetMs: config.MASKED_LM_BUDGET_MS, threads: config.MASKED_LM_THREADS }) },
    TextChecker,
  ],
  exports: [TextChecker],
})
export class CheckingModule {}
