import { Controller, Get, HttpStatus, Inject, NotFoundException, Optional, Req, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { BlockList } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HealthMessages, SERVICES, type HealthReport, type LivenessReport, healthReportSchema, livenessReportSchema } from '@fluent/contracts';
import { CachedProbe } from '@fluent/server-kit';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { config } from '../config';
import { aggregateHealth } from './aggregate-health';
import { HEALTH_TOKEN_HEADER, internalNetworks, isInternalCaller } from './internal-caller';
import { ApiDoc, RATE } from '../openapi/route-doc';

export const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');

export interface HealthOptions {
  /** How long one readiness report is reused. */
  cacheMs: number;
  /** How long each service may take to answer its health subject. */
  timeoutMs: number;
  /** CIDRs besides loopback that count as internal. */
  networks: string[];
  /** Header secret that counts as internal from anywhere; empty for none. */
  token: string;
  now?: () => number;
}

export const healthOptionsFromConfig = (): HealthOptions => ({
  cacheMs: config.HEALTH_CACHE_MS,
  timeoutMs: config.HEALTH_TIMEOUT_MS,
  networks: config.HEALTH_INTERNAL_NETWORKS.split(','),
  token: config.HEALTH_TOKEN,
});

/**
 * Liveness and readiness, apart:
 * - GET /api/health/live: public, no downstream calls; says the gateway process serves requests.
 * - GET /api/health/ready (and GET /api/health, which the stack scripts use): asks NATS, every
 *   service and, through them, the database, Keycloak and Stripe. Internal callers only (loopback,
 *   HEALTH_INTERNAL_NETWORKS, or the X-Health-Token header); anyone else gets the same 404 as an
 *   unknown route, so the report neither leaks our topology nor lets the public drive downstream
 *   calls. The report is reused for HEALTH_CACHE_MS, and concurrent callers share one round.
 */
@Public()
@Controller('api/health')
export class HealthController {
  private readonly readiness: CachedProbe<HealthReport>;
  private readonly networks: BlockList;

  constructor(
    private readonly rpc: RpcClient,
    @Optional() @Inject(HEALTH_OPTIONS) private readonly options: HealthOptions = healthOptionsFromConfig(),
  ) {
    this.networks = internalNetworks(options.networks);
    const now = options.now ?? Date.now;
    this.readiness = new CachedProbe(() => this.checkComponents(now), options.cacheMs, now);
  }

  /** Never throttled: a liveness probe answered 429 would get a healthy pod restarted. */
  @SkipThrottle()
  @Get('live')
  @ApiDoc({
    operationId: 'liveness',
    tag: 'Health',
    summary: 'Liveness: the gateway process serves requests',
    description: 'Public, never rate limited, asks nothing downstream.',
    access: 'public',
    callsService: false,
    responses: { 200: { description: 'Up', schema: livenessReportSchema } },
  })
  live(): LivenessReport {
    return { status: 'up' };
  }

  /** 200 when every component is up, 503 naming the failing ones otherwise; 404 to public callers. */
  @Get(['', 'ready'])
  @ApiDoc({
    operationId: ['health', 'readiness'],
    tag: 'Health',
    summary: 'Readiness: NATS, every service and, through them, the database, Keycloak, Stripe and LanguageTool',
    description: 'Internal callers only; one report is reused for HEALTH_CACHE_MS (5 s).',
    access: 'internal',
    callsService: false,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'Every component is up', schema: healthReportSchema, headers: { 'Cache-Control': 'no-store' } },
      404: { description: 'A caller from outside (the same answer as an unknown route)' },
      503: { description: 'A component is down: `failing` names it', schema: healthReportSchema, headers: { 'Cache-Control': 'no-store' } },
    },
  })
  async ready(@Req() request: FastifyRequest, @Res({ passthrough: true }) response: FastifyReply): Promise<HealthReport> {
    if (!isInternalCaller(request.ip, request.headers[HEALTH_TOKEN_HEADER], this.networks, this.options.token)) {
      throw new NotFoundException(`Cannot ${request.method} ${request.url}`);
    }
    const report = await this.readiness.get();
    response.header('Cache-Control', 'no-store');
    response.code(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }

  private async checkComponents(now: () => number): Promise<HealthReport> {
    const checkedAt = new Date(now()).toISOString();
    const answers = await Promise.all(
      SERVICES.map(async (service) => {
        const answer = await this.rpc
          .send(HealthMessages[service], { timeoutMs: this.options.timeoutMs })
          .catch(() => undefined);
        return [service, answer] as const;
      }),
    );
    return { ...aggregateHealth(this.rpc.isConnected(), Object.fromEntries(answers)), checkedAt };
  }
}
