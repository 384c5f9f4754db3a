import { Controller, Get } from '@nestjs/common';
import type { PublicConfig } from '@fluent/contracts';
import { publicConfigSchema } from '@fluent/contracts';
import { Public } from '../auth/public.decorator';
import { config } from '../config';
import { ApiDoc, RATE } from '../openapi/route-doc';

/** What the SPA needs to know at run time, so one build serves every environment. */
@Controller('api/config')
export class PublicConfigController {
  @Public()
  @Get()
  @ApiDoc({
    operationId: 'publicConfig',
    tag: 'Site',
    summary: 'Run-time settings of the web app',
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The settings', schema: publicConfigSchema } },
  })
  get(): PublicConfig {
    return {
      analytics: { measurementId: config.GA_MEASUREMENT_ID || undefined },
    };
  }
}
