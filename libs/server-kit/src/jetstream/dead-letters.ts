import { JSONCodec, type JetStreamClient, type JsMsg } from 'nats';
import { deadLetterSubject } from '@fluent/contracts';
import { currentRequestId, requestIdHeaders } from '../logging/request-context';

const codec = JSONCodec<unknown>();

/** What a dead-letter message carries (JSON). */
export interface DeadLetter {
  stream: string;
  durable: string;
  subject: string;
  streamSequence: number;
  deliveryCount: number;
  error: string;
  failedAt: string;
  /** The request that caused the event (its x-request-id header), to find its log lines. */
  requestId?: string;
  /** The event as published (JSON), or `dataBase64` when it was not JSON. */
  data?: unknown;
  dataBase64?: string;
}

/** The dead letter of a message that failed for good, with its error. */
export function deadLetterOf(message: JsMsg, consumer: { stream: string; durable: string }, error: string): DeadLetter {
  return {
    stream: consumer.stream,
    durable: consumer.durable,
    subject: message.subject,
    streamSequence: message.seq,
    deliveryCount: message.info.redeliveryCount,
    error,
    failedAt: new Date().toISOString(),
    ...(currentRequestId() ? { requestId: currentRequestId() } : {}),
    ...payload(message),
  };
}

/**
 * Publishes a dead letter to its consumer's dead-letter subject `deadletter.<stream>.<durable>`
 * (stream `<stream>_DEADLETTER`); the msgID makes a repeated try a duplicate. Resolves with the
 * subject once it is stored.
 */
export async function publishDeadLetter(js: JetStreamClient, letter: DeadLetter): Promise<string> {
  const subject = deadLetterSubject(letter.stream, letter.durable);
  await js.publish(subject, codec.encode(letter), { msgID: `${letter.stream}:${letter.durable}:${letter.streamSequence}`, headers: requestIdHeaders() });
  return subject;
}

function payload(message: JsMsg): Pick<DeadLetter, 'data' | 'dataBase64'> {
  try {
    return { data: codec.decode(message.data) };
  } catch {
    return { dataBase64: Buffer.from(message.data).toString('base64') };
  }
}
