import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { HealthPatterns, SERVICES, type HealthReport, type ServiceHealth } from '@fluent/contracts';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { config } from '../config';
import { aggregateHealth } from './aggregate-health';

@Public()
@SkipThrottle()
@Controller('api/health')
export class HealthController {
  constructor(private readonly rpc: RpcClient) {}

  /** 200 when every component is up, 503 naming the failing ones otherwise. */
  @Get()
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const answers = await Promise.all(
      SERVICES.map(async (service) => {
        const answer = await this.rpc
          .send<ServiceHealth>(HealthPatterns[service], {}, config.HEALTH_TIMEOUT_MS)
          .catch(() => undefined);
        return [service, answer] as const;
      }),
    );
    const report = aggregateHealth(this.rpc.isConnected(), Object.fromEntries(answers));
    response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
