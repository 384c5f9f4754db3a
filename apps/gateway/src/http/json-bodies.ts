import type { FastifyInstance, FastifyRequest } from 'fastify';

/** JSON media types: `application/json` and the `+json` family, with any parameters. */
export const JSON_MEDIA_TYPE = /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i;

/** The bytes of a JSON body exactly as received (Stripe signs them), beside the parsed body. */
export type WithRawBody = FastifyRequest & { rawBody?: Buffer };

/**
 * The gateway's only body parser. It keeps the raw bytes for the Stripe webhook's signature, treats
 * an empty body sent as JSON as no body (clients send the header on a POST without one; Express
 * did the same), and parses with Fastify's own parser, which refuses `__proto__` and `constructor`
 * keys. Other media types never get here: /api refuses them with 415 (state-changing-requests.ts).
 */
export function registerJsonBodies(fastify: FastifyInstance, bodyLimit: number): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  // Fastify's own parsers (JSON without the raw bytes, plain text) would be matched first.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const bytes = body as Buffer;
    (request as WithRawBody).rawBody = bytes;
    if (bytes.length === 0) return done(null, undefined);
    parseJson(request, bytes.toString('utf8'), done);
  });
}
