import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerRetryAfterOn503, needsRetryAfter, RETRY_AFTER_SECONDS } from './retry-after';

describe('needsRetryAfter', () => {
  it('asks for one on a 503 without its own', () => {
    expect(needsRetryAfter(503, undefined)).toBe(true);
    expect(needsRetryAfter(503, '5')).toBe(false);
    expect(needsRetryAfter(500, undefined)).toBe(false);
    expect(needsRetryAfter(504, undefined)).toBe(false);
  });
});

describe('answerRetryAfterOn503', () => {
  const server = () => {
    const fastify = Fastify();
    answerRetryAfterOn503(fastify);
    fastify.get('/away', (_request, reply) => reply.status(503).send({ statusCode: 503, message: 'away' }));
    fastify.get('/own', (_request, reply) => reply.status(503).header('Retry-After', '7').send({}));
    fastify.get('/fine', () => ({ ok: true }));
    return fastify;
  };

  it('gives every 503 a Retry-After, keeps a route’s own, and leaves other answers alone', async () => {
    const fastify = server();
    expect((await fastify.inject('/away')).headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect((await fastify.inject('/own')).headers['retry-after']).toBe('7');
    expect((await fastify.inject('/fine')).headers['retry-after']).toBeUndefined();
    await fastify.close();
  });
});
