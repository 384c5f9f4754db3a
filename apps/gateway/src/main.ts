import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { listenForShutdown } from '@fluent/server-kit';
import { AppModule } from './app.module';
import { config } from './config';
import { parseTrustProxy } from './common/rate-limit/trust-proxy';
import { refuseForeignOrNonJsonRequests } from './common/http/state-changing-requests';
import { serveWebApp } from './web-app/serve-web-app';
import { contentSecurityPolicy } from './web-app/content-security-policy';
import { shutDownGateway } from './shutdown';

async function bootstrap(): Promise<void> {
  // rawBody: Stripe webhook signatures are computed over the exact bytes received.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { rawBody: true, bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY ?? 'loopback'));
  app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(config.GA_MEASUREMENT_ID) }));
  app.use(cookieParser());
  app.enableCors({ origin: config.WEB_ORIGIN, credentials: true });
  // Login CSRF and friends: no form bodies, no other site's pages (see state-changing-requests.ts).
  app.use('/api', refuseForeignOrNonJsonRequests([config.WEB_ORIGIN, ...(config.PUBLIC_ORIGIN ? [config.PUBLIC_ORIGIN] : [])]));
  // SIGTERM: HTTP server closes (in-flight requests finish), then NATS drains; see shutdown.ts.
  listenForShutdown(() => shutDownGateway(app), { log: app.get(Logger) });
  if (!serveWebApp(app, config.WEB_DIST)) app.get(Logger).warn(`No web app build at ${config.WEB_DIST}; serving the API only`);
  await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
  app.get(Logger).log(`gateway listening on http://${config.GATEWAY_HOST}:${config.GATEWAY_PORT}`);
}

void bootstrap();
