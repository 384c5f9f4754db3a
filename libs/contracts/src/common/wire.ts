import { z } from 'zod';

/**
 * The building blocks of the answers' schemas. Each domain's schemas.ts defines what the gateway
 * answers (the responses of the published API contract, its OpenAPI document) and what the
 * services reply over NATS; the TypeScript types are inferred from them (`z.infer`), never written
 * a second time. Objects are closed in the document (zod's output mode), so a field an answer
 * should not carry (a refresh token, an answer key) is a contract failure.
 */
export const count = z.number().int().min(0);
export const percent = z.number().min(0).max(100);
export const isoTime = z.iso.datetime({ offset: true });
export const calendarDay = z.iso.date();
export const correctOfTotal = z.object({ correct: count, total: count });
