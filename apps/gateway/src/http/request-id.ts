import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isWellFormedRequestId, REQUEST_ID_HEADER } from '@fluent/server-kit';

/**
 * Fastify's `genReqId`: always a new UUID of the gateway's own. Fastify keeps it as `request.id`;
 * the gateway sends it back in the answer's `x-request-id` and passes it to the services in their
 * NATS headers, so one id follows the request through every log. A client never chooses it: an id
 * a client picked could be made to collide with another request's (and so mix two learners' lines
 * in an operator's search) or to look like one of ours. The client's own id is logged beside it
 * (clientRequestIdOf).
 */
export function requestIdOf(_request?: IncomingMessage): string {
  return randomUUID();
}

/**
 * The caller's `x-request-id` (a proxy's, a load balancer's, a load test's), when well formed
 * (isWellFormedRequestId: at most 128 of `A-Za-z0-9._:-`, so it can go into a log line as it is),
 * for the request's log line as `clientRequestId`; otherwise none.
 */
export function clientRequestIdOf(request: Pick<IncomingMessage, 'headers'>): string | undefined {
  const given = request.headers[REQUEST_ID_HEADER];
  return isWellFormedRequestId(given) ? given : undefined;
}

/** The id of the request a handler answers: pass it to RpcClient.send (no per-request context is kept). */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<FastifyRequest>().id);
