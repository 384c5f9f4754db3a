import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isWellFormedRequestId, REQUEST_ID_HEADER } from '@fluent/server-kit';

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is well formed (a proxy or a load
 * balancer in front may have made one; see isWellFormedRequestId), else a new UUID. Fastify keeps it
 * as `request.id`; the gateway echoes it in the answer's `x-request-id` and passes it to the
 * services in their NATS headers, so one id follows the request through every log.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && isWellFormedRequestId(given) ? given : randomUUID();
}

/** The id of the request a handler answers: pass it to RpcClient.send (no per-request context is kept). */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<FastifyRequest>().id);
