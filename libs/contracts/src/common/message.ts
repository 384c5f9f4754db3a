import type { z } from 'zod';

/**
 * One NATS request/reply message: its subject (the Nest pattern), the schema of what is sent and
 * the schema of what comes back. The gateway's RpcClient and the services' handlers
 * (@HandleMessage in server-kit) both take the message, so a payload of the wrong shape, or a
 * handler answering something else, does not compile. The service validates what arrives with
 * `request` (a service never trusts its callers' shapes); `reply` is the type and the
 * documentation of the answer and is not parsed (the gateway relays hot answers as bytes).
 * A message without `request` carries nothing: the service reads no payload.
 */
export interface Message<P extends string = string, Req extends z.ZodType | undefined = z.ZodType | undefined, Rep extends z.ZodType = z.ZodType> {
  readonly pattern: P;
  readonly request: Req;
  readonly reply: Rep;
  /** Whether the service only reads for it (see MessageKind); false unless defined so. */
  readonly readOnly: boolean;
}

/**
 * `readOnly: true` declares that the service's handler only reads: asking twice changes nothing
 * and costs only the second answer. The gateway may then send the same request again when the
 * first copy is slow to answer (hedged requests: NATS_HEDGE_AFTER_MS), so a read held by a replica
 * that has just died is answered by another one instead of waiting out the timeout.
 * Declared here, once per message, so a route cannot mark a write by mistake. Never on a write,
 * not even an idempotent one (a submission by its id, a payment, a sign-in): two copies of it
 * would race each other in two replicas.
 */
export interface MessageKind {
  readOnly?: boolean;
}

/** What a caller sends: the request schema's input (nothing for a message without one). */
export type MessageRequest<M extends Message> = M['request'] extends z.ZodType ? z.input<M['request']> : undefined;
/** What the service hands its handler: the request schema's output, once validated. */
export type ParsedRequest<M extends Message> = M['request'] extends z.ZodType ? z.output<M['request']> : undefined;
/** What the service answers. */
export type MessageReply<M extends Message> = z.output<M['reply']>;

export function defineMessage<const P extends string, Req extends z.ZodType, Rep extends z.ZodType>(
  message: { pattern: P; request: Req; reply: Rep } & MessageKind,
): Message<P, Req, Rep>;
export function defineMessage<const P extends string, Rep extends z.ZodType>(message: { pattern: P; reply: Rep } & MessageKind): Message<P, undefined, Rep>;
export function defineMessage(message: { pattern: string; request?: z.ZodType; reply: z.ZodType } & MessageKind): Message {
  return { pattern: message.pattern, request: message.request, reply: message.reply, readOnly: message.readOnly ?? false };
}

/** The subjects of a group of messages, by name: `{ listCards: 'catalog.cards.list', … }`. */
export function patternsOf<T extends Record<string, Message>>(messages: T): { readonly [K in keyof T]: T[K]['pattern'] } {
  return Object.fromEntries(Object.entries(messages).map(([name, message]) => [name, message.pattern])) as { readonly [K in keyof T]: T[K]['pattern'] };
}
