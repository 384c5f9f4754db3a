import { Transport, type NatsOptions } from '@nestjs/microservices';

/**
 * Options for a service listening on NATS. The queue group is the service name: without it every
 * replica would answer every request.
 */
export function natsServerOptions(service: string, url: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: {
      servers: [url],
      queue: service,
      name: service,
      // Keep trying when NATS restarts instead of exiting.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    },
  };
}

/** Options for a client (the gateway) sending requests to the services. */
export function natsClientOptions(name: string, url: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { servers: [url], name, maxReconnectAttempts: -1, reconnectTimeWait: 500 },
  };
}
