import { z } from 'zod';
import {
  attemptListResponseSchema,
  attemptResultSchema,
  attemptSubmissionSchema,
  blogPostListSchema,
  blogPostSchema,
  cardPaymentResultSchema,
  contactMessageReceiptSchema,
  contactMessageSchema,
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
  errorBodySchema,
  feedbackPendingSchema,
  feedbackReadySchema,
  healthReportSchema,
  itemReportListSchema,
  itemReportReceiptSchema,
  itemReportSchema,
  livenessReportSchema,
  pageViewReceiptSchema,
  pageViewReportSchema,
  pageViewSchema,
  paymentsClientConfigSchema,
  publicConfigSchema,
  publicTestSchema,
  sessionResponseSchema,
  signInSchema,
  signUpSchema,
  skillTrendResponseSchema,
  testCardPaymentSchema,
  testCardsResponseSchema,
  userDocumentSchema,
  webhookReceiptSchema,
} from '@fluent/contracts';
import type { ApiRoute, RouteResponse } from './route-doc';

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, JsonSchema> } & Record<string, unknown> };

/** Named schemas become components (`#/components/schemas/<name>`); answers read in output mode, requests in input mode. */
const RESPONSE_SCHEMAS: [z.ZodType, string][] = [
  [errorBodySchema, 'ErrorBody'],
  [livenessReportSchema, 'LivenessReport'],
  [healthReportSchema, 'HealthReport'],
  [publicConfigSchema, 'PublicConfig'],
  [sessionResponseSchema, 'SessionResponse'],
  [userDocumentSchema, 'UserDocument'],
  [testCardsResponseSchema, 'TestCards'],
  [publicTestSchema, 'PublicTest'],
  [attemptResultSchema, 'AttemptResult'],
  [attemptListResponseSchema, 'AttemptList'],
  [itemReportReceiptSchema, 'ItemReportReceipt'],
  [itemReportListSchema, 'ItemReportList'],
  [feedbackReadySchema, 'FeedbackReady'],
  [feedbackPendingSchema, 'FeedbackPending'],
  [skillTrendResponseSchema, 'SkillTrend'],
  [blogPostListSchema, 'BlogPostList'],
  [blogPostSchema, 'BlogPost'],
  [contactMessageReceiptSchema, 'ContactMessageReceipt'],
  [pageViewReceiptSchema, 'PageViewReceipt'],
  [pageViewReportSchema, 'PageViewReport'],
  [createPaymentIntentResponseSchema, 'PaymentIntent'],
  [paymentsClientConfigSchema, 'PaymentsConfig'],
  [cardPaymentResultSchema, 'CardPaymentResult'],
  [webhookReceiptSchema, 'WebhookReceipt'],
];
const REQUEST_SCHEMAS: [z.ZodType, string][] = [
  [signUpSchema, 'SignUpRequest'],
  [signInSchema, 'SignInRequest'],
  [attemptSubmissionSchema, 'AttemptSubmission'],
  [itemReportSchema, 'ItemReportRequest'],
  [contactMessageSchema, 'ContactMessage'],
  [pageViewSchema, 'PageView'],
  [createPaymentIntentSchema, 'PaymentIntentRequest'],
  [testCardPaymentSchema, 'TestCardPayment'],
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A tuple of one type throughout (a fill item's three options) is written as an array of that
 * type with its exact length: the same values, in the form every OpenAPI 3.1 tool reads
 * (schemathesis refused `prefixItems` with `items: false` as an invalid Schema Object).
 */
const override: NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'] = ({ jsonSchema }) => {
  const { prefixItems, items } = jsonSchema as { prefixItems?: unknown[]; items?: unknown };
  if (!Array.isArray(prefixItems) || prefixItems.length === 0 || items !== false) return;
  const first = JSON.stringify(prefixItems[0]);
  if (!prefixItems.every((schema) => JSON.stringify(schema) === first)) return;
  delete (jsonSchema as Record<string, unknown>).prefixItems;
  Object.assign(jsonSchema, { items: prefixItems[0], minItems: prefixItems.length, maxItems: prefixItems.length });
};

/** One JSON Schema (2020-12, as OpenAPI 3.1 has it) per named zod schema, their references between them kept as $refs. */
function components(named: [z.ZodType, string][], io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any', override });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema as JsonSchema]));
}

/** A schema as it appears in an operation: a reference when it is named, else inline. */
function schemaOf(schema: z.ZodType, names: Map<z.ZodType, string>, io: 'input' | 'output'): JsonSchema {
  const name = names.get(schema);
  if (name) return ref(name);
  const { $schema: _schema, ...inline } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override }) as JsonSchema;
  return inline;
}

const ERRORS: Record<number, string> = {
  400: 'The body is not valid JSON, or breaks its schema: `errors` names each field',
  401: 'No access token, or one that is not valid (signature, issuer, audience, expiry)',
  403: 'A state change sent from another site (Origin), or a role the token does not carry',
  404: 'Not found',
  409: 'Conflict',
  413: 'The body is larger than 100 kB',
  415: 'A body that is not JSON (Content-Type: application/json)',
  429: 'Too many requests from this address: wait a moment',
  503: 'A service or the database behind the gateway is unavailable for a moment (or sign-in cannot be checked right now): try again after Retry-After',
  504: 'A service did not answer in time (a GET, or a write that is safe to repeat, answers 503 instead)',
  431: 'The request line and headers together exceed 16 kB (Node.js refuses them before the gateway reads them)',
};

/** The answers every route of its kind can give, beside its own (which win when both name a status). */
function commonResponses(route: ApiRoute): Record<number, RouteResponse> {
  const common: Record<number, RouteResponse> = {};
  const add = (status: number, description = ERRORS[status]!) =>
    (common[status] = status === 503 ? { description, headers: { 'Retry-After': 'Seconds to wait before trying again' } } : { description });
  common[431] = { description: ERRORS[431]!, empty: true };
  if (route.method === 'get') common[304] = { description: 'Not modified: the ETag in If-None-Match still matches' };
  if (route.method === 'post') for (const status of [400, 403, 413, 415]) add(status);
  if (route.access === 'learner' || route.access === 'operator') {
    add(401);
    add(503);
  }
  if (route.access === 'operator') add(403, 'The access token does not carry the realm role `operator`');
  if (route.callsService) {
    add(503);
    add(504);
  }
  if (route.rateLimit) add(429, `Over the rate limit: ${route.rateLimit}`);
  return common;
}

const SECURITY: Record<ApiRoute['access'], Record<string, string[]>[]> = {
  public: [],
  internal: [{}, { healthToken: [] }],
  learner: [{ bearerAuth: [] }],
  operator: [{ bearerAuth: [] }],
  session: [{ sessionCookie: [] }, {}],
  webhook: [],
};

const ACCESS_NOTE: Record<ApiRoute['access'], string> = {
  public: 'Public.',
  internal: 'Internal callers only: loopback, HEALTH_INTERNAL_NETWORKS, or the X-Health-Token header; anyone else gets 404.',
  learner: 'A signed-in learner (Bearer access token).',
  operator: 'An access token carrying the realm role `operator`.',
  session: 'The session cookie `fluent_session`, when the browser has one.',
  webhook: 'Stripe: the Stripe-Signature header over the exact body.',
};

function mediaTypes(response: RouteResponse, status: number, names: Map<z.ZodType, string>): Record<string, { schema: JsonSchema }> | undefined {
  if (response.empty) return undefined;
  if (!response.schema) return status >= 400 ? { 'application/json': { schema: ref('ErrorBody') } } : undefined;
  const types = [response.contentType ?? 'application/json'].flat();
  return Object.fromEntries(types.map((type) => [type, { schema: type === 'application/json' ? schemaOf(response.schema!, names, 'output') : { type: 'string' } }]));
}

function operation(route: ApiRoute, responseNames: Map<z.ZodType, string>, requestNames: Map<z.ZodType, string>): Record<string, unknown> {
  const responses = { ...commonResponses(route), ...route.responses };
  const parameters: Record<string, unknown>[] = [{ $ref: '#/components/parameters/RequestId' }];
  for (const [name, { schema, description }] of Object.entries(route.params ?? {})) {
    parameters.push({ name, in: 'path', required: true, description, schema: schemaOf(schema, new Map(), 'input') });
  }
  for (const [name, schema] of Object.entries(route.query?.shape ?? {})) {
    parameters.push({ name, in: 'query', required: !(schema as z.ZodType).safeParse(undefined).success, schema: schemaOf(schema as z.ZodType, new Map(), 'input') });
  }
  for (const [name, { description, required }] of Object.entries(route.requestHeaders ?? {})) {
    parameters.push({ name, in: 'header', required: required ?? false, description, schema: { type: 'string' } });
  }
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: [ACCESS_NOTE[route.access], route.rateLimit ? `Rate limit: ${route.rateLimit}.` : 'Not rate limited.', route.description].filter(Boolean).join(' '),
    security: SECURITY[route.access],
    parameters,
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, requestNames, 'input') } } } } : {}),
    responses: Object.fromEntries(
      Object.entries(responses)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([status, response]) => {
          const content = mediaTypes(response, Number(status), responseNames);
          const headers = {
            'x-request-id': { $ref: '#/components/headers/RequestId' },
            ...Object.fromEntries(Object.entries(response.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }])),
          };
          return [status, { description: response.description, headers, ...(content ? { content } : {}), ...(response.links ? { links: response.links } : {}) }];
        }),
    ),
  };
}

/**
 * The gateway's OpenAPI 3.1 document, built from its routes (each handler's @ApiDoc, read by
 * documentedRoutes) and the zod schemas of libs/contracts that validate the requests and describe
 * the answers: one source, no copy kept by hand. Pure; the gateway builds it once and serves it at
 * /api/openapi.json.
 */
export function openApiDocument(routes: ApiRoute[]): OpenApiDocument {
  const responseNames = new Map(RESPONSE_SCHEMAS);
  const requestNames = new Map(REQUEST_SCHEMAS);
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route, responseNames, requestNames);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fluent API',
      version: '1',
      description: [
        'The HTTP API of Fluent, the English writing-and-typing test practice site: what the web app and the load tests call.',
        'Every answer carries `x-request-id`, the id the gateway gave the request: quote it when reporting a problem; it is on every log line of the request, in every service. A well-formed `x-request-id` you send (letters, digits, `._:-`, at most 128) is logged beside it as `clientRequestId`, never used in its place.',
        'Errors are `{statusCode, message}`, with `errors` by field for a 400. State changes from another site (Origin) are refused (403), and bodies must be JSON (415).',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: ['Auth', 'Learner', 'Tests', 'Attempts', 'Feedback', 'Practice', 'Payments', 'Blog', 'Contact', 'Analytics', 'Operators', 'Health', 'Site', 'Docs'].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...components(RESPONSE_SCHEMAS, 'output'), ...components(REQUEST_SCHEMAS, 'input') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from sign-in, sign-up or the session endpoint (5 minutes).' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'fluent_session', description: 'The httpOnly session cookie set by sign-in (path /api/auth).' },
        healthToken: { type: 'apiKey', in: 'header', name: 'X-Health-Token', description: 'HEALTH_TOKEN, for readiness callers outside the internal networks.' },
      },
      parameters: {
        RequestId: { name: 'x-request-id', in: 'header', required: false, description: "Your id for this request: logged beside the gateway's own id when well formed, never in its place.", schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' } },
      },
      headers: { RequestId: { description: "The request's id, as it appears in every log line about it", schema: { type: 'string' } } },
    },
  };
}
