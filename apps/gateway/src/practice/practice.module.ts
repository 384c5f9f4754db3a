import { Module } from '@nestjs/common';
import { PracticeController } from './practice.controller';

/** Practice from the learner's own mistakes (catalog-service). */
@Module({ controllers: [PracticeController] })
export class PracticeModule {}
