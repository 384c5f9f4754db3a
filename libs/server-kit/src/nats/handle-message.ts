import { MessagePattern } from '@nestjs/microservices';
import type { Message, MessageReply, ParsedRequest } from '@fluent/contracts';
import { parsePayload } from './payloads';

const AsyncFunction = (async () => undefined).constructor;

/** A handler of `M`: given its request once validated, it answers its reply. */
export type MessageHandler<M extends Message> = (request: ParsedRequest<M>) => MessageReply<M> | Promise<MessageReply<M>>;

/**
 * Handles one NATS message of libs/contracts (its `messages.ts`): listens on the message's subject
 * (Nest's @MessagePattern) and hands the method the payload parsed with the message's request
 * schema (a bad one answers 400 naming the field, before the method runs). The method must take
 * that request and answer the message's reply, or it does not compile. A message without a
 * request schema carries nothing: the method gets no payload.
 */
export function HandleMessage<M extends Message>(message: M) {
  return <H extends MessageHandler<M>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    const handler = descriptor.value as unknown as (request: unknown) => unknown;
    const schema = message.request;
    // A refused payload fails the way the method fails: an async method's promise rejects, a plain one throws.
    const parse = (payload: unknown) => (schema ? parsePayload(schema, payload) : undefined);
    const validated =
      handler instanceof AsyncFunction
        ? async function (this: unknown, payload: unknown) {
            return handler.call(this, parse(payload));
          }
        : function (this: unknown, payload: unknown) {
            return handler.call(this, parse(payload));
          };
    Object.defineProperty(validated, 'name', { value: handler.name });
    descriptor.value = validated as unknown as H;
    MessagePattern(message.pattern)(target, key, descriptor);
  };
}
