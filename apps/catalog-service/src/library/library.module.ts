import { Logger, Module } from '@nestjs/common';
import { questionBank } from '@fluent/question-bank';
import { config } from '../config';
import { TestLibrary } from './test-library';

/** The question bank's 20 tests, assembled once, and which of them are free. */
@Module({
  providers: [{ provide: TestLibrary, useFactory: () => new TestLibrary(questionBank(), config.FREE_TEST_COUNT, new Logger(TestLibrary.name)) }],
  exports: [TestLibrary],
})
export class LibraryModule {}
