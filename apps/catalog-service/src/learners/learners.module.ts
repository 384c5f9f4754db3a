import { Module } from '@nestjs/common';
import { AttemptsModule } from '../attempts/attempts.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { LearnerProgress } from './learner-progress';

/** Each learner's progress (attempt counts, paid), cached per replica. */
@Module({
  imports: [AttemptsModule, EntitlementsModule],
  providers: [LearnerProgress],
  exports: [LearnerProgress],
})
export class LearnersModule {}
