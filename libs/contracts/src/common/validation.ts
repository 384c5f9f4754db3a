import type { z } from 'zod';
import type { ErrorBody } from './errors';

/** Turns a zod failure into the 400 body the gateway returns and the web app shows per field. */
export function validationErrorBody(error: z.ZodError): ErrorBody {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    errors[path] ??= issue.message;
  }
  return { statusCode: 400, message: Object.values(errors).join('; '), errors };
}
