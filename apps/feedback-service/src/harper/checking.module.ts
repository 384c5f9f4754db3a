import { Module } from '@nestjs/common';
import { LanguageToolModule } from '../languagetool/languagetool.module';
import { HarperLinter } from './harper.linter';
import { HarperThread } from './harper.thread';
import { TextChecker } from './text-checker';

@Module({
  imports: [LanguageToolModule],
  providers: [{ provide: HarperLinter, useFactory: () => new HarperThread() }, TextChecker],
  exports: [TextChecker],
})
export class CheckingModule {}
