import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller';

/** The API's contract: /api/openapi.json and the docs page (off in production unless enabled). */
@Module({ controllers: [OpenApiController] })
export class OpenApiModule {}
