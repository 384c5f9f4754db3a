import { z } from 'zod';
import {
  attemptListResponseSchema,
  attemptResultSchema,
  attemptSubmissionSchema,
  blogPostListSchema,
  blogPostSchema,
  BLOG_SLUG_PATTERN,
  cardPaymentResultSchema,
  contactMessageReceiptSchema,
  contactMessageSchema,
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
  feedbackPendingSchema,
  feedbackReadySchema,
  healthReportSchema,
  itemReportListQuerySchema,
  itemReportListSchema,
  itemReportReceiptSchema,
  itemReportSchema,
  livenessReportSchema,
  pageViewReceiptSchema,
  pageViewReportQuerySchema,
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

export interface ApiRoute {
  method: 'get' | 'post';
  /** In OpenAPI form: `/api/tests/{id}`. */
  path: string;
  operationId: string;
  tag: 'Auth' | 'Learner' | 'Tests' | 'Attempts' | 'Feedback' | 'Payments' | 'Blog' | 'Contact' | 'Analytics' | 'Operators' | 'Health' | 'Site' | 'Docs';
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

const RATE = {
  api: 'API_RATE_LIMIT (300) per minute, route and client address',
  password: 'AUTH_RATE_LIMIT (20) per minute and client address, and AUTH_ACCOUNT_FAILURE_LIMIT (10) refused passwords per account in 15 minutes',
  google: 'AUTH_RATE_LIMIT (20) per minute and client address',
  session: 'SESSION_RATE_LIMIT (600) per minute and client address',
  contact: 'CONTACT_RATE_LIMIT (5) per minute and client address',
  pageView: 'PAGE_VIEW_RATE_LIMIT (120) per minute and client address',
  report: 'ITEM_REPORT_RATE_LIMIT (20) per minute and client address',
} as const;

const testIdParam = { id: { schema: z.number().int().min(1).max(20), description: 'The test, 1 to 20; anything else is an unknown test (404)' } };
const attemptIdParam = { id: { schema: z.string().regex(/^[0-9a-f]{24}$/), description: "The attempt's id; an unknown one and another learner's are both 404" } };
const slugParam = { slug: { schema: z.string().max(100).regex(BLOG_SLUG_PATTERN), description: "The post's slug; one that no post has is 404" } };

const sessionCookieSet = { 'Set-Cookie': 'The rotated session cookie `fluent_session` (httpOnly, SameSite=Strict, path /api/auth): the refresh token, never in a body' };
const cacheable = { 'Cache-Control': 'public, max-age=BLOG_CACHE_MAX_AGE_SECONDS (300)', ETag: 'A weak ETag; send it back in If-None-Match for a 304' };

/** Every route the gateway registers (the route-coverage test holds the two lists equal), grouped by area (auth, catalog, payments, blog, contact, feedback, analytics). */
export const API_ROUTES: ApiRoute[] = [
  // ---- health ----
  {
    method: 'get',
    path: '/api/health/live',
    operationId: 'liveness',
    tag: 'Health',
    summary: 'Liveness: the gateway process serves requests',
    description: 'Public, never rate limited, asks nothing downstream.',
    access: 'public',
    callsService: false,
    responses: { 200: { description: 'Up', schema: livenessReportSchema } },
  },
  ...(['/api/health', '/api/health/ready'] as const).map(
    (path): ApiRoute => ({
      method: 'get',
      path,
      operationId: path === '/api/health' ? 'health' : 'readiness',
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
    }),
  ),
  {
    method: 'get',
    path: '/api/config',
    operationId: 'publicConfig',
    tag: 'Site',
    summary: 'Run-time settings of the web app',
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The settings', schema: publicConfigSchema } },
  },

  // ---- sessions ----
  {
    method: 'post',
    path: '/api/auth/signup',
    operationId: 'signUp',
    tag: 'Auth',
    summary: 'Create an account and sign in',
    description: 'A retry with the same email and password finishes a sign-up that was cut short.',
    access: 'public',
    body: signUpSchema,
    callsService: true,
    rateLimit: RATE.password,
    responses: {
      201: { description: 'Signed up and signed in: the access token; the refresh token is in the cookie', schema: sessionResponseSchema, headers: sessionCookieSet },
      409: { description: 'An account with this email already exists' },
      503: { description: 'Sign-in is unavailable for a moment (Keycloak, or the shared rate-limit store, is away)' },
    },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    operationId: 'signIn',
    tag: 'Auth',
    summary: 'Sign in with email and password',
    access: 'public',
    body: signInSchema,
    callsService: true,
    rateLimit: RATE.password,
    responses: {
      200: { description: 'Signed in: the access token; the refresh token is in the cookie', schema: sessionResponseSchema, headers: sessionCookieSet },
      401: { description: 'Invalid email or password' },
      429: { description: 'Too many sign-ins from this address, or too many refused passwords for this account' },
      503: { description: 'Sign-in is unavailable for a moment' },
    },
  },
  {
    method: 'post',
    path: '/api/auth/session',
    operationId: 'restoreSession',
    tag: 'Auth',
    summary: "Restore or extend the browser's session from its cookie (every page load)",
    description: 'Rotates the refresh token. Without the cookie: 204 (a signed-out visitor). The cookie is cleared only when Keycloak refused it (401).',
    access: 'session',
    callsService: true,
    rateLimit: RATE.session,
    responses: {
      200: { description: 'A new access token; the rotated refresh token is in the cookie', schema: sessionResponseSchema, headers: sessionCookieSet },
      204: { description: 'No session cookie: a signed-out visitor' },
      401: { description: 'The cookie holds no live session; it is cleared', headers: { 'Set-Cookie': 'Clears the session cookie' } },
      503: { description: 'Sign-in is unavailable for a moment; the cookie stays', headers: { 'Retry-After': 'Seconds to wait (2)' } },
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    operationId: 'signOut',
    tag: 'Auth',
    summary: 'Sign out: end the Keycloak session and clear the cookie',
    description: 'If Keycloak cannot be reached the cookie stays (503), so sign-out can be tried again.',
    access: 'session',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 204: { description: 'Signed out', headers: { 'Set-Cookie': 'Clears the session cookie' } } },
  },
  {
    method: 'get',
    path: '/api/auth/google',
    operationId: 'googleSignInStart',
    tag: 'Auth',
    summary: 'Start "Sign in with Google" (a redirect to Keycloak, which brokers Google)',
    access: 'public',
    query: z.object({ returnTo: z.string().max(512).optional(), from: z.string().max(20).optional() }),
    callsService: false,
    rateLimit: RATE.google,
    responses: {
      302: {
        description: "To Keycloak's authorization endpoint, with PKCE, state and nonce",
        headers: { Location: "Keycloak's authorization URL", 'Set-Cookie': 'The pending sign-in (state, nonce, verifier), httpOnly, SameSite=Lax' },
      },
    },
  },
  {
    method: 'get',
    path: '/api/auth/google/callback',
    operationId: 'googleSignInCallback',
    tag: 'Auth',
    summary: 'Where Keycloak returns after Google: the code is exchanged, the session cookie set',
    access: 'public',
    query: z.object({ state: z.string().max(512).optional(), code: z.string().max(4096).optional(), error: z.string().max(200).optional() }),
    callsService: true,
    rateLimit: RATE.google,
    responses: {
      302: {
        description: 'Signed in: to the page that started the sign-in; on any failure to / or /login with `?google_error=<code>`',
        headers: { Location: 'Where the browser goes next', 'Set-Cookie': 'The session cookie, on success' },
      },
    },
  },

  // ---- the learner ----
  {
    method: 'get',
    path: '/api/me',
    operationId: 'me',
    tag: 'Learner',
    summary: "The signed-in learner's user document (created with paidTests false when missing)",
    access: 'learner',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The user document', schema: userDocumentSchema } },
  },

  // ---- tests and attempts ----
  {
    method: 'get',
    path: '/api/tests',
    operationId: 'testCards',
    tag: 'Tests',
    summary: "The 20 test cards with the learner's access and attempts",
    access: 'learner',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The cards', schema: testCardsResponseSchema } },
  },
  {
    method: 'get',
    path: '/api/tests/{id}',
    operationId: 'test',
    tag: 'Tests',
    summary: 'One test, without its answers',
    access: 'learner',
    params: testIdParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: {
        description: 'The test as the runner takes it',
        schema: publicTestSchema,
        links: { submit: { operationId: 'submitAttempt', parameters: { id: '$request.path.id' }, description: 'Submit this test' } },
      },
      403: { description: 'A premium test, not paid for' },
      404: { description: 'No such test (outside 1 to 20)' },
      409: { description: "The learner's attempts at this test are used" },
    },
  },
  {
    method: 'post',
    path: '/api/tests/{id}/attempts',
    operationId: 'submitAttempt',
    tag: 'Attempts',
    summary: 'Submit a finished test: scored, stored, answered with the results',
    description: 'Idempotent by `submissionId`: a retry answers the attempt it already created.',
    access: 'learner',
    params: testIdParam,
    body: attemptSubmissionSchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      201: {
        description: 'The results',
        schema: attemptResultSchema,
        links: {
          attempt: { operationId: 'attempt', parameters: { id: '$response.body#/attemptId' }, description: 'The attempt just stored' },
          feedback: { operationId: 'writingFeedback', parameters: { id: '$response.body#/attemptId' }, description: "Its writing feedback (202 until it is ready)" },
          report: { operationId: 'reportItem', parameters: { id: '$response.body#/attemptId' }, description: 'A problem with one of its items' },
        },
      },
      403: { description: 'A premium test, not paid for' },
      404: { description: 'No such test' },
      409: { description: 'The attempts at this test are used, or the submission id was used for another test' },
    },
  },
  {
    method: 'get',
    path: '/api/attempts',
    operationId: 'attempts',
    tag: 'Attempts',
    summary: "The learner's attempts, newest first",
    access: 'learner',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The history', schema: attemptListResponseSchema } },
  },
  {
    method: 'get',
    path: '/api/attempts/{id}',
    operationId: 'attempt',
    tag: 'Attempts',
    summary: "One of the learner's attempts with its results",
    access: 'learner',
    params: attemptIdParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The results', schema: attemptResultSchema }, 404: { description: "Attempt not found (also another learner's)" } },
  },
  {
    method: 'post',
    path: '/api/attempts/{id}/reports',
    operationId: 'reportItem',
    tag: 'Attempts',
    summary: 'Report a problem with an item of the attempt',
    access: 'learner',
    params: attemptIdParam,
    body: itemReportSchema,
    callsService: true,
    rateLimit: RATE.report,
    responses: {
      201: { description: 'Thank you', schema: itemReportReceiptSchema },
      404: { description: "Attempt not found (also another learner's), or an item it did not ask" },
      409: { description: 'Reported already' },
    },
  },

  // ---- writing feedback ----
  {
    method: 'get',
    path: '/api/attempts/{id}/feedback',
    operationId: 'writingFeedback',
    tag: 'Feedback',
    summary: "The attempt's writing feedback (passages and email)",
    access: 'learner',
    params: attemptIdParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'Ready', schema: feedbackReadySchema },
      202: { description: 'Still being prepared: ask again', schema: feedbackPendingSchema },
      404: { description: "Attempt not found (also another learner's)" },
    },
  },
  {
    method: 'get',
    path: '/api/feedback/trend',
    operationId: 'skillTrend',
    tag: 'Feedback',
    summary: "The learner's skill profiles, oldest first (the last 50)",
    access: 'learner',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The trend', schema: skillTrendResponseSchema } },
  },

  // ---- payments ----
  {
    method: 'post',
    path: '/api/create-payment-intent',
    operationId: 'createPaymentIntent',
    tag: 'Payments',
    summary: "A PaymentIntent for the premium price (the client's amount must equal it; it is never charged)",
    access: 'learner',
    body: createPaymentIntentSchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'The PaymentIntent', schema: createPaymentIntentResponseSchema },
      409: { description: 'Paid already' },
      503: { description: 'Stripe or the database is away: no PaymentIntent is handed out unrecorded' },
    },
  },
  {
    method: 'post',
    path: '/api/payments/test-confirm',
    operationId: 'confirmTestCard',
    tag: 'Payments',
    summary: "Offline mode only: confirm the learner's PaymentIntent with one of Stripe's test cards",
    access: 'learner',
    body: testCardPaymentSchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'Paid (the webhook path then unlocks the learner)', schema: cardPaymentResultSchema },
      402: { description: "Declined, with Stripe's message (and the field, for a number, expiry or CVC problem)" },
      403: { description: 'Live mode: test cards are refused' },
      404: { description: "A PaymentIntent not created for this learner (also another learner's)" },
    },
  },
  {
    method: 'post',
    path: '/api/payments/webhook',
    operationId: 'stripeWebhook',
    tag: 'Payments',
    summary: "Stripe's webhook: 200 only once payment.succeeded is stored on JetStream",
    description: 'The body is Stripe\'s event exactly as sent; its signature (Stripe-Signature) is checked by payment-service over those bytes.',
    access: 'webhook',
    body: z.record(z.string(), z.unknown()),
    requestHeaders: { 'Stripe-Signature': { description: "Stripe's signature over the body (t=…,v1=…); missing or wrong: 400" } },
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'Handled (published, a duplicate, ignored or refused)', schema: webhookReceiptSchema },
      400: { description: 'The signature could not be verified: nothing happens' },
      503: { description: 'NATS, JetStream or the database is away: Stripe delivers again' },
    },
  },
  {
    method: 'get',
    path: '/api/payments/config',
    operationId: 'paymentsConfig',
    tag: 'Payments',
    summary: 'How the dialog takes a card (offline test cards or Stripe Elements) and the price',
    access: 'public',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The mode and price', schema: paymentsClientConfigSchema } },
  },

  // ---- blog, contact, page views ----
  {
    method: 'get',
    path: '/api/blog',
    operationId: 'blogPosts',
    tag: 'Blog',
    summary: 'Every post without its content, newest first',
    access: 'public',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The posts', schema: blogPostListSchema, headers: cacheable } },
  },
  {
    method: 'get',
    path: '/api/blog/{slug}',
    operationId: 'blogPost',
    tag: 'Blog',
    summary: 'One post with its sanitised HTML',
    access: 'public',
    params: slugParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The post', schema: blogPostSchema, headers: cacheable }, 404: { description: 'Post not found' } },
  },
  {
    method: 'post',
    path: '/api/contact',
    operationId: 'contact',
    tag: 'Contact',
    summary: 'Send a message (stored; the honeypot field `website` is for bots)',
    access: 'public',
    body: contactMessageSchema,
    callsService: true,
    rateLimit: RATE.contact,
    responses: { 201: { description: 'Received', schema: contactMessageReceiptSchema } },
  },
  {
    method: 'post',
    path: '/api/analytics/page-view',
    operationId: 'pageView',
    tag: 'Analytics',
    summary: 'Count a page view (the path only); nothing is recorded under Do Not Track or Global Privacy Control',
    access: 'public',
    body: pageViewSchema,
    callsService: false,
    rateLimit: RATE.pageView,
    responses: {
      202: { description: "Accepted (recorded: false when the browser asked not to be tracked, or the path is none of the site's pages)", schema: pageViewReceiptSchema },
      503: { description: 'The view could not be stored (JetStream away)' },
    },
  },
  {
    method: 'get',
    path: '/api/analytics/page-views',
    operationId: 'pageViewReport',
    tag: 'Operators',
    summary: 'Views per path and UTC day (the last 30 days by default, at most 366), one page of rows at a time (page from 1; limit 500 by default, at most 1,000)',
    access: 'operator',
    query: pageViewReportQuerySchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The counts', schema: pageViewReportSchema, headers: { 'Cache-Control': 'private, no-store' } } },
  },
  {
    method: 'get',
    path: '/api/reports',
    operationId: 'itemReports',
    tag: 'Operators',
    summary:
      'Item reports grouped by item, most reported first (of the newest 5,000), one page of items at a time (page from 1; limit 10 by default, at most 20); each item lists its 10 newest reports, and a prompt, answer or comment longer than 300 characters is cut there and ends with …',
    access: 'operator',
    query: itemReportListQuerySchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The reports', schema: itemReportListSchema, headers: { 'Cache-Control': 'private, no-store' } } },
  },

  // ---- the site outside /api ----
  {
    method: 'get',
    path: '/robots.txt',
    operationId: 'robots',
    tag: 'Site',
    summary: 'What crawlers may visit, and where the sitemap is',
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'robots.txt', schema: z.string(), contentType: 'text/plain' } },
  },
  {
    method: 'get',
    path: '/sitemap.xml',
    operationId: 'sitemap',
    tag: 'Site',
    summary: 'The public pages and every blog post',
    access: 'public',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The sitemap', schema: z.string(), contentType: 'application/xml' } },
  },
  {
    method: 'get',
    path: '/blog',
    operationId: 'blogPage',
    tag: 'Site',
    summary: "The blog's page: the web app with the list's JSON preloaded",
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'HTML', schema: z.string(), contentType: 'text/html' } },
  },
  {
    method: 'get',
    path: '/blog/{slug}',
    operationId: 'blogPostPage',
    tag: 'Site',
    summary: "A post's page: the web app with the post's title, description and link-preview tags",
    access: 'public',
    params: slugParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'HTML', schema: z.string(), contentType: 'text/html' },
      404: { description: "The app's 'Post not found' page", schema: z.string(), contentType: 'text/html' },
      503: { description: 'The blog cannot be asked: the app, which offers to try again', schema: z.string(), contentType: 'text/html' },
    },
  },

  // ---- this document ----
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openApiDocument',
    tag: 'Docs',
    summary: 'This document (off in production unless API_DOCS=true: 404 then)',
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) }, 404: { description: 'API docs are off' } },
  },
  {
    method: 'get',
    path: '/api/docs',
    operationId: 'apiDocsPage',
    tag: 'Docs',
    summary: 'Swagger UI for this document (off in production unless API_DOCS=true)',
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'HTML', schema: z.string(), contentType: 'text/html' }, 404: { description: 'API docs are off' } },
  },
  {
    method: 'get',
    path: '/api/docs/{asset}',
    operationId: 'apiDocsAsset',
    tag: 'Docs',
    summary: "Swagger UI's script and stylesheet",
    access: 'public',
    params: { asset: { schema: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'docs.js']), description: 'The file' } },
    callsService: false,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'The file', schema: z.string(), contentType: ['text/javascript', 'text/css'] },
      404: { description: 'No such file, or API docs are off' },
    },
  },
];
