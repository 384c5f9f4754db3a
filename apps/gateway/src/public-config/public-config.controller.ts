import { Controller, Get } from '@nestjs/common';
import type { PublicConfig } from '@fluent/contracts';
import { Public } from '../auth/public.decorator';
import { config } from '../config';

/** What the SPA needs to know at run time, so one build serves every environment. */
@Controller('api/config')
export class PublicConfigController {
  @Public()
  @Get()
  get(): PublicConfig {
    return {
      analytics: { measurementId: config.GA_MEASUREMENT_ID || undefined },
    };
  }
}
