import { Module } from '@nestjs/common';
import { LanguageToolModule } from '../languagetool/languagetool.module';
import { HarperChecker } from './harper.checker';
import { TextChecker } from './text-checker';

@Module({
  imports: [LanguageToolModule],
  providers: [{ provide: HarperChecker, useFactory: () => new HarperChecker() }, TextChecker],
  exports: [TextChecker],
})
export class CheckingModule {}
