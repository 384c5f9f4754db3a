import { Module } from '@nestjs/common';
import { AttemptsModule } from '../attempts/attempts.module';
import { LearnersModule } from '../learners/learners.module';
import { LibraryModule } from '../library/library.module';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';

/** The cards, a test's content for a learner allowed to take it, submitting and reading attempts. */
@Module({
  imports: [LibraryModule, AttemptsModule, LearnersModule],
  controllers: [CatalogController],
  providers: [CatalogService],
})
export class CatalogModule {}
