import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiUrl } from './api-path';

export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';
export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

export interface RequestFacts {
  method: string;
  contentType?: string;
  hasBody: boolean;
  origin?: string;
  /** The origin the request was addressed to (protocol and Host), as the browser saw it. */
  ownOrigin: string;
}

/**
 * Why a state-changing API request is refused, if it is: a body that is not JSON (415), or a
 * browser's Origin that is neither this site nor one we serve the app from (403). HTML forms can
 * only send form or text bodies, and a cross-site page's request carries its own Origin, so
 * together they close login CSRF. A request without Origin is not a cross-site browser request
 * (browsers send Origin on every cross-site POST): servers, k6 and the Stripe webhook send none.
 */
export function stateChangingRefusal(request: RequestFacts, allowedOrigins: readonly string[]): { status: 403 | 415; message: string } | undefined {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return undefined;
  if (request.origin !== undefined && request.origin !== request.ownOrigin && !allowedOrigins.includes(request.origin)) {
    return { status: 403, message: FOREIGN_ORIGIN_MESSAGE };
  }
  if (request.hasBody && !JSON_TYPE.test(request.contentType ?? '')) return { status: 415, message: JSON_ONLY_MESSAGE };
  return undefined;
}

/**
 * An `onRequest` hook for the API: refuses what stateChangingRefusal names before the body is read
 * or any guard runs. It goes by the route the router matched, never by the raw path: the router
 * decodes the path (`/%61pi/auth/logout` is the route `/api/auth/logout`), so a raw-path test could
 * be walked around. A state-changing request that matched no route is checked too (it is a 404
 * either way; failing closed costs nothing).
 */
export function refuseForeignOrNonJsonRequests(allowedOrigins: readonly string[]) {
  const allowed = allowedOrigins.map((origin) => origin.replace(/\/$/, ''));
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (!STATE_CHANGING.has(request.method)) return undefined;
    const route = request.routeOptions.url;
    if (route !== undefined && !isApiUrl(route)) return undefined;
    const refusal = stateChangingRefusal(
      {
        method: request.method,
        contentType: request.headers['content-type'],
        hasBody: Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined,
        origin: request.headers.origin,
        ownOrigin: `${request.protocol}://${request.host}`,
      },
      allowed,
    );
    return refusal ? reply.code(refusal.status).send({ statusCode: refusal.status, message: refusal.message }) : undefined;
  };
}

