import type { z } from 'zod';
import { validationErrorBody } from '@fluent/contracts';
import { rpcError } from './rpc-errors';

/**
 * Services never trust their callers' shapes: every payload is parsed again in the service, and a
 * bad one answers 400 with the field named, like the gateway's own validation.
 */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const result = schema.safeParse(payload);
  if (!result.success) {
    const body = validationErrorBody(result.error);
    throw rpcError(400, body.message, body.errors);
  }
  return result.data;
}

const DUPLICATE_KEY = 11000;

/**
 * A unique index refused an insert. FerretDB has no transactions and no atomic read-modify-write,
 * so "only once" rules are unique indexes and this error is their normal "already there" answer.
 */
export const isDuplicateKey = (error: unknown): boolean => (error as { code?: number } | null)?.code === DUPLICATE_KEY;
