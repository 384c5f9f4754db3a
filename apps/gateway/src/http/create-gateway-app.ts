import fastifyCookie from '@fastify/cookie';
import { hash } from 'node:crypto';
import fastifyEtag from '@fastify/etag';
import { NestFactory } from '@nestjs/core';
import helmet from 'helmet';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { REQUEST_ID_HEADER } from '@fluent/server-kit';
import { AppModule } from '../app.module';
import { config } from '../config';
import { parseTrustProxy } from '../common/rate-limit/trust-proxy';
import { contentSecurityPolicy } from '../web-app/content-security-policy';
import { serveWebApp } from '../web-app/serve-web-app';
import { registerJsonBodies } from './json-bodies';
import { logRequests } from './request-log';
import { requestIdOf } from './request-id';
import { answerRetryAfterOn503 } from './retry-after';
import { measureRequests } from './request-metrics';
import { staticSecurityHeaders } from './security-headers';
import { refuseForeignOrNonJsonRequests } from './state-changing-requests';

/** Express's default JSON limit, kept when the gateway moved to Fastify: a bigger body is a 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * The gateway's HTTP server: Nest on Fastify (measured at about three times Nest on Express per
 * core for the same route; see bench/REPORT.md), security headers, cookies, CORS, the refusal of
 * cross-site and non-JSON state changes, and the built web app. main.ts only starts it.
 */
export async function createGatewayApp(): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: parseTrustProxy(config.TRUST_PROXY ?? 'loopback'),
    bodyLimit: BODY_LIMIT_BYTES,
    // A path parameter longer than this is no route at all (a bare 404 from the router): long
    // enough that our own routes answer their own 404s (a blog slug of any length).
    routerOptions: { maxParamLength: 1000 },
    // The request id: always the gateway's own; a caller's x-request-id is only logged beside it (request-id.ts).
    genReqId: requestIdOf,
    // Request lines are ours (request-log.ts, on pino); Fastify's own logger stays off.
    logger: false,
  });
  // Bodies are read by our own JSON parser (json-bodies.ts), which also keeps the raw bytes.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(Logger));
  registerJsonBodies(app.getHttpAdapter().getInstance(), BODY_LIMIT_BYTES);
  // Helmet's headers taken once (its fastify plugin built its middleware again for every request,
  // and the middleware itself ran a dozen functions per request): the same security headers on
  // every answer, pages and API alike.
  const securityHeaders = staticSecurityHeaders(helmet({ contentSecurityPolicy: contentSecurityPolicy(config.GA_MEASUREMENT_ID) }));
  const fastify = app.getHttpAdapter().getInstance();
  logRequests(fastify, app.get(Logger), config.LOG_LEVEL);
  measureRequests(fastify);
  answerRetryAfterOn503(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    // Every answer names its request id, so a learner's report or a load test's failure can be found in the logs.
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.headers(securityHeaders);
    done();
  });
  await app.register(fastifyCookie);
  // ETag on every answer and 304 for a matching If-None-Match (what Express did by default; the
  // blog's answers are cacheable and rely on it). The plugin's default hash (SHA-1 through a Hash
  // object per answer) in one call: the same tags, less work on every answer.
  await app.register(fastifyEtag, { weak: true, hashFn: (payload) => hash('sha1', payload, 'base64') });
  app.enableCors({ origin: config.WEB_ORIGIN, credentials: true });
  // Login CSRF and friends: no form bodies, no other site's pages (see state-changing-requests.ts).
  const origins = [config.WEB_ORIGIN, ...(config.PUBLIC_ORIGIN ? [config.PUBLIC_ORIGIN] : [])];
  fastify.addHook('onRequest', refuseForeignOrNonJsonRequests(origins));
  if (!(await serveWebApp(app, config.WEB_DIST))) app.get(Logger).warn(`No web app build at ${config.WEB_DIST}; serving the API only`);
  return app;
}
