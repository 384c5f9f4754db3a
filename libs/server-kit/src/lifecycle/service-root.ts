import type { DynamicModule, Type } from '@nestjs/common';
import type { ReplicaBroadcast } from '../cache/shared-cache';

/** The service's transport as a ReplicaBroadcast (see SharedCache), for any provider to inject. */
export const REPLICA_BROADCAST = Symbol('REPLICA_BROADCAST');

class ServiceRoot {}

/** The service's module under a global root that provides what bootstrapService owns. */
export function serviceRoot(module: Type<unknown>, broadcast: ReplicaBroadcast): DynamicModule {
  return { module: ServiceRoot, global: true, imports: [module], providers: [{ provide: REPLICA_BROADCAST, useValue: broadcast }], exports: [REPLICA_BROADCAST] };
}
