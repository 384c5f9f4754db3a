import { RequestMethod, SetMetadata, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { z } from 'zod';
import { BLOG_SLUG_PATTERN } from '@fluent/contracts';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `learner`: a signed-in learner's access token (`Authorization: Bearer …`);
 * - `operator`: an access token carrying the realm role `operator`;
 * - `session`: the httpOnly session cookie, when the browser has one (its absence is an answer, not an error);
 * - `webhook`: Stripe, proving itself by the `Stripe-Signature` header over the exact body;
 * - `internal`: loopback, HEALTH_INTERNAL_NETWORKS or the X-Health-Token header; anyone else gets 404.
 */
export type MediaType = 'application/json' | 'text/html' | 'text/plain' | 'application/xml' | 'text/css' | 'text/javascript';

export type RouteAccess = 'public' | 'learner' | 'operator' | 'session' | 'webhook' | 'internal';

/** What one answer of a route is: JSON of a schema, another media type, or nothing (204, 302, 304). */
export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /** Default `application/json` when there is a schema; several when the answer may be any of them. */
  contentType?: MediaType | MediaType[];
  /**
   * OpenAPI links: operations this answer leads to, with their path parameters read from it
   * (`$response.body#/attemptId`). Schemathesis follows them in its stateful phase.
   */
  links?: Record<string, { operationId: string; parameters: Record<string, string>; description: string }>;
  /** No body at all (an error answered before the gateway's own code runs). */
  empty?: boolean;
  /** Response headers beyond x-request-id (always there): name → description. */
  headers?: Record<string, string>;
}

/** One operation of the document: a route's method and path, and its documentation. */
export interface ApiRoute extends RouteDoc {
  method: 'get' | 'post';
  /** In OpenAPI form: `/api/tests/{id}`. */
  path: string;
  operationId: string;
}

/** A route's documentation, written beside its handler with @ApiDoc; its method and path are the handler's own. */
export interface RouteDoc {
  /** One per path of the handler, in the order of its decorator's paths, when it has several. */
  operationId: string | readonly string[];
  tag: 'Auth' | 'Learner' | 'Tests' | 'Attempts' | 'Feedback' | 'Practice' | 'Payments' | 'Blog' | 'Contact' | 'Analytics' | 'Operators' | 'Health' | 'Site' | 'Docs';
  summary: string;
  description?: string;
  access: RouteAccess;
  /** Path parameters: name → schema (as the route reads them: anything else is answered 404). */
  params?: Record<string, { schema: z.ZodType; description: string }>;
  /** Query parameters (an object schema: one parameter per key). */
  query?: z.ZodObject;
  /** The JSON body, checked by this schema (400 naming each field otherwise). */
  body?: z.ZodType;
  /** Headers the route reads beyond auth. */
  requestHeaders?: Record<string, { description: string; required?: boolean }>;
  /** The route's own answers, success and errors alike. Errors shared by a kind of route are added by the document (openapi-document.ts). */
  responses: Record<number, RouteResponse>;
  /** Calls a service over NATS: 503 when none answers, 504 when it answers too late. */
  callsService: boolean;
  /** Counted against a rate limit (all routes but the liveness probe): 429 past it. */
  rateLimit?: string;
}

const ROUTE_DOC = 'fluent:openapi-route';

/**
 * The route's entry in /api/openapi.json, beside its handler. The route-coverage test fails when a
 * route the gateway registers has none.
 */
export const ApiDoc = (doc: RouteDoc): MethodDecorator => SetMetadata(ROUTE_DOC, doc);

const METHODS: Partial<Record<RequestMethod, ApiRoute['method']>> = { [RequestMethod.GET]: 'get', [RequestMethod.POST]: 'post' };

/** `api/tests` + `:id/attempts` → `/api/tests/{id}/attempts`. */
const openApiPath = (...parts: string[]): string =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .map((segment) => segment.replace(/^:(\w+)$/, '{$1}'))
    .join('/')}`;

/** Every documented route of these controllers, its method and path read from Nest's own decorators. */
export function documentedRoutes(controllers: readonly Type[]): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const controller of controllers) {
    const bases = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler: unknown = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value;
      if (typeof handler !== 'function') continue;
      const doc = Reflect.getMetadata(ROUTE_DOC, handler) as RouteDoc | undefined;
      if (!doc) continue;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      if (!method) throw new Error(`${controller.name}.${name}: only GET and POST routes are documented`);
      const paths = bases.flatMap((base) => [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat().map((path) => openApiPath(base, path)));
      paths.forEach((path, index) => {
        const operationId = typeof doc.operationId === 'string' ? doc.operationId : doc.operationId[index];
        if (!operationId) throw new Error(`${controller.name}.${name}: no operationId for ${path}`);
        routes.push({ ...doc, method, path, operationId });
      });
    }
  }
  return routes;
}

// ---- what several routes share ----

/** How each kind of route is rate limited, as the document states it. */
export const RATE = {
  api: 'API_RATE_LIMIT (300) per minute, route and client address',
  password: 'AUTH_RATE_LIMIT (20) per minute and client address, and AUTH_ACCOUNT_FAILURE_LIMIT (10) refused passwords per account in 15 minutes',
  google: 'AUTH_RATE_LIMIT (20) per minute and client address',
  session: 'SESSION_RATE_LIMIT (600) per minute and client address',
  contact: 'CONTACT_RATE_LIMIT (5) per minute and client address',
  pageView: 'PAGE_VIEW_RATE_LIMIT (120) per minute and client address',
  report: 'ITEM_REPORT_RATE_LIMIT (20) per minute and client address',
} as const;

export const testIdParam = { id: { schema: z.number().int().min(1).max(20), description: 'The test, 1 to 20; anything else is an unknown test (404)' } };
export const attemptIdParam = { id: { schema: z.string().regex(/^[0-9a-f]{24}$/), description: "The attempt's id; an unknown one and another learner's are both 404" } };
export const slugParam = { slug: { schema: z.string().max(100).regex(BLOG_SLUG_PATTERN), description: "The post's slug; one that no post has is 404" } };

export const sessionCookieSet = { 'Set-Cookie': 'The rotated session cookie `fluent_session` (httpOnly, SameSite=Strict, path /api/auth): the refresh token, never in a body' };
export const cacheable = { 'Cache-Control': 'public, max-age=BLOG_CACHE_MAX_AGE_SECONDS (300)', ETag: 'A weak ETag; send it back in If-None-Match for a 304' };
