import type { ConsumerDeserializer, IncomingRequest } from '@nestjs/microservices';

/**
 * The largest request a service reads. The gateway refuses bodies over 100 kB (a Stripe webhook
 * travels base64, a third bigger), so a real request is far below this; anything above is refused
 * before it is parsed.
 */
export const MAX_REQUEST_BYTES = 256 * 1024;

export type RequestPacketCheck = { ok: true; packet: IncomingRequest } | { ok: false; statusCode: 400 | 413; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads one NATS request in the format of Nest's NATS transport, `{pattern, data, id}`, or says
 * why it cannot be one: too big, not UTF-8 JSON, not an object with a string `pattern` and a
 * string `id` (without an id Nest would take it for an event and never answer). What `data` holds
 * is the handler's to check (every handler parses its payload with a schema).
 */
export function readRequestPacket(bytes: Uint8Array, maxBytes = MAX_REQUEST_BYTES): RequestPacketCheck {
  if (bytes.length > maxBytes) return { ok: false, statusCode: 413, message: `The request is larger than ${maxBytes} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    return { ok: false, statusCode: 400, message: 'The request is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, statusCode: 400, message: 'The request is not a JSON object' };
  const { pattern, data, id } = value as Record<string, unknown>;
  if (typeof pattern !== 'string' || pattern.length === 0 || pattern.length > 256) return { ok: false, statusCode: 400, message: 'The request has no pattern' };
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) return { ok: false, statusCode: 400, message: 'The request has no id' };
  return { ok: true, packet: { pattern, data, id } };
}

/** Thrown by RequestPacketDeserializer; the server answers it with the status it carries. */
export class MalformedRequestError extends Error {
  override readonly name = 'MalformedRequestError';

  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** Nest's deserializer for the services' requests: readRequestPacket, throwing what it refuses. */
export class RequestPacketDeserializer implements ConsumerDeserializer {
  constructor(private readonly maxBytes = MAX_REQUEST_BYTES) {}

  deserialize(value: Uint8Array): IncomingRequest {
    const check = readRequestPacket(value, this.maxBytes);
    if (!check.ok) throw new MalformedRequestError(check.statusCode, check.message);
    return check.packet;
  }
}
