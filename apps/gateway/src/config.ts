import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fluent/server-kit';
import { parseNetworks } from './http/networks';

export const SERVICE_NAME = 'gateway';
export const gatewayConfigSchema = baseConfigSchema
  .extend({
    GATEWAY_HOST: z.string().default('127.0.0.1'),
    GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The origin the SPA is served from; the only origin CORS allows. */
    WEB_ORIGIN: z.string().default('http://localhost:3000'),
    /** The built SPA the gateway serves; empty to serve the API only. */
    WEB_DIST: z.string().default(resolve(__dirname, '../../web/dist')),
    /** Keycloak as the browser reaches it (for the Content-Security-Policy). */
    KEYCLOAK_PUBLIC_URL: z.string().default('http://127.0.0.1:8080'),
    /** Keycloak as the gateway reaches it (JWKS). */
    KEYCLOAK_URL: z.string().default('http://127.0.0.1:8080'),
    KEYCLOAK_REALM: z.string().default('fluent'),
    /** The `iss` of our access tokens; defaults to the public URL's realm (set KC_HOSTNAME to match in production). */
    KEYCLOAK_ISSUER: z.string().optional(),
    /** The audience the realm's mapper adds to access tokens for this API. */
    KEYCLOAK_AUDIENCE: z.string().default('fluent-api'),
    KEYCLOAK_WEB_CLIENT_ID: z.string().default('fluent-web'),
    /** Send the session cookie only over HTTPS (true in production). */
    SESSION_COOKIE_SECURE: z.stringbool().default(false),
    /** Allow a production gateway without Secure cookies (only behind a proxy that adds TLS and cannot set them). */
    ALLOW_INSECURE_COOKIES: z.stringbool().default(false),
    /**
     * The proxies whose X-Forwarded-For is believed (Express `trust proxy`): a hop count, or
     * addresses/CIDR ranges/`loopback`, comma-separated. Set it to the ingress's range in Kubernetes.
     * Locally `loopback`; production must say it (even `false`): a wrong guess either lets clients
     * choose their own rate-limit bucket or puts every learner behind the ingress in one.
     */
    TRUST_PROXY: z.string().optional(),
    /** The origin learners reach us at (Google sign-in's redirect URI); by default the request's own. */
    PUBLIC_ORIGIN: z.string().optional(),
    /** Requests per minute and client address on the sign-in and sign-up endpoints. */
    AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    /** Failed sign-ins per account within AUTH_ACCOUNT_WINDOW_MS before that account must wait. */
    AUTH_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().positive().default(10),
    AUTH_ACCOUNT_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60_000),
    /**
     * Session refreshes per minute and client address. Every page load and every tab refreshes
     * once; a school behind one address must not be signed out, so this is far looser than sign-in.
     */
    SESSION_RATE_LIMIT: z.coerce.number().int().positive().default(600),
    /** Requests per minute and client address on the rest of the API. */
    API_RATE_LIMIT: z.coerce.number().int().positive().default(300),
    /**
     * Address ranges that each stand for many learners, e.g. a school's NAT address on exam day
     * (CIDRs or addresses, comma-separated; empty: none). Every per-address limit is multiplied by
     * RATE_LIMIT_TRUSTED_FACTOR for a client in them; the per-account password limit is not.
     */
    RATE_LIMIT_TRUSTED_RANGES: z
      .string()
      .default('')
      .superRefine((value, ctx) => {
        try {
          parseNetworks(value.split(','));
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      }),
    /** How many learners' worth of requests one trusted address gets (see RATE_LIMIT_TRUSTED_RANGES). */
    RATE_LIMIT_TRUSTED_FACTOR: z.coerce.number().int().min(1).max(1000).default(10),
    /** How often a replica sends its locally counted hits to the shared store (ms); see docs/security.md#rate-limits. */
    RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(20).max(5000).default(250),
    /** Optional Google Analytics 4 measurement id for the web app. */
    GA_MEASUREMENT_ID: z.string().default(''),
    /**
     * Milliseconds without a reply after which the gateway sends a read (a message libs/contracts
     * declares read-only) once more, and again after as long, at most twice: the first reply of
     * any copy answers. A replica killed with the read in hand never answers, and the copy reaches
     * a live one; without it the read waits out NATS_REQUEST_TIMEOUT_MS. Set it above the reads'
     * usual p99, or copies add load; 0 turns hedging off. Counted in fluent_nats_client_hedged_copies_total.
     */
    NATS_HEDGE_AFTER_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    /** Milliseconds the health check waits for each service. */
    HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
    /** Milliseconds a readiness report is reused: a flood of probes makes one downstream round per window. */
    HEALTH_CACHE_MS: z.coerce.number().int().min(0).default(5000),
    /** CIDRs besides loopback whose callers may read the readiness report, comma-separated (e.g. 10.0.0.0/8). */
    HEALTH_INTERNAL_NETWORKS: z.string().default(''),
    /** A secret that lets a caller from anywhere read the readiness report (header X-Health-Token); empty: none. */
    HEALTH_TOKEN: z
      .string()
      .refine((token) => token === '' || token.length >= 16, 'must be empty or at least 16 characters')
      .default(''),
    /** Requests per minute and client address on POST /api/contact. */
    CONTACT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
    /** Item reports per minute and client address on POST /api/attempts/:id/reports. */
    ITEM_REPORT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    /** Page views per minute and client address on POST /api/analytics/page-view. */
    PAGE_VIEW_RATE_LIMIT: z.coerce.number().int().positive().default(120),
    /**
     * Prometheus metrics (`/metrics`) on a port of their own: the main port's every path is
     * routed by the Ingress (the web app), so metrics there would be public. Unset: no metrics server.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Where the metrics server listens: every interface for a cluster's Prometheus, 127.0.0.1 locally. */
    METRICS_HOST: z.string().default('0.0.0.0'),
    /**
     * Serve the API's OpenAPI document (/api/openapi.json) and its Swagger UI (/api/docs). On by
     * default except in production, where the API's map is not published unless asked for.
     */
    API_DOCS: z.stringbool().optional(),
    /** Seconds browsers and proxies may reuse the blog's answers (Cache-Control max-age). */
    BLOG_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(300),
  })
  .refine((c) => c.NODE_ENV !== 'production' || !!c.PUBLIC_ORIGIN, {
    // Behind a TLS-terminating ingress the request's own origin would be http://… and Keycloak
    // would refuse the Google sign-in's redirect URI.
    message: 'production needs PUBLIC_ORIGIN (the https origin learners reach the site at)',
    path: ['PUBLIC_ORIGIN'],
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.TRUST_PROXY !== undefined, {
    message: 'production needs TRUST_PROXY (the ingress addresses or CIDR ranges, a hop count, or false)',
    path: ['TRUST_PROXY'],
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.SESSION_COOKIE_SECURE || c.ALLOW_INSECURE_COOKIES, {
    message: 'production needs SESSION_COOKIE_SECURE=true (or ALLOW_INSECURE_COOKIES=true, deliberately)',
    path: ['SESSION_COOKIE_SECURE'],
  });

export const config = loadConfig(gatewayConfigSchema);
export type GatewayConfig = typeof config;

export const keycloakIssuer = config.KEYCLOAK_ISSUER ?? `${config.KEYCLOAK_PUBLIC_URL}/realms/${config.KEYCLOAK_REALM}`;
