declare const jsonOf: unique symbol;

/** JSON text of a `T`, as bytes: what a relaying route answers with (content type JSON). */
export type JsonBytes<T> = Buffer & { readonly [jsonOf]?: T };

/** The content type Fastify gives the JSON it encodes itself; relayed answers carry the same. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const RESPONSE_START = Buffer.from('{"response":');
const DISPOSED = Buffer.from(',"isDisposed":true');

const hasAt = (buffer: Buffer, part: Buffer, at: number): boolean =>
  at >= 0 && at + part.length <= buffer.length && buffer.compare(part, 0, part.length, at, at + part.length) === 0;

/**
 * The response's JSON inside the reply of a Nest NATS microservice, without parsing it. Nest's
 * server answers a request with JSON.stringify of `{response, isDisposed: true}` and then the
 * request's `id` (`{"response":…,"isDisposed":true,"id":"7"}`; `isDisposed` comes in a message of
 * its own when the handler's stream completes later), and an error as `{"err":…}`. A JSON value
 * cannot end in `,"isDisposed":true`, so what lies between is the response exactly. Undefined for
 * any other reply (an error, no response, another format): the caller parses those.
 * Pinned by nest-reply.spec.ts against Nest's own serializer.
 */
export function responseBytesOf(reply: Uint8Array, id: string): Buffer | undefined {
  const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  const idEnd = Buffer.from(`,"id":${JSON.stringify(id)}}`);
  let end = bytes.length - idEnd.length;
  if (!hasAt(bytes, RESPONSE_START, 0) || !hasAt(bytes, idEnd, end)) return undefined;
  if (hasAt(bytes, DISPOSED, end - DISPOSED.length)) end -= DISPOSED.length;
  return end > RESPONSE_START.length ? bytes.subarray(RESPONSE_START.length, end) : undefined;
}
