import { z } from 'zod';

/** Every error the API answers: a status, a message a person can read, and per-field messages for a 400. */
export const errorBodySchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  message: z.string(),
  /** A 400's messages by field path (`answers.sentenceAnswers`); `_` for the body as a whole. */
  errors: z.record(z.string(), z.string()).optional(),
  /** The HTTP reason phrase, on the router's own 404 for an unknown route. */
  error: z.string().optional(),
});
/** The shape every service error takes on the wire (inside an RpcException) and every gateway error takes over HTTP. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
