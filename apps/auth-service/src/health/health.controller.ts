import { Controller } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { HealthMessages, type ServiceHealth } from '@fluent/contracts';
import { HandleMessage, databaseStatus, serviceHealth } from '@fluent/server-kit';
import { SERVICE_NAME } from '../config';
import { KeycloakHealth } from './keycloak.health';

@Controller()
export class HealthController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly keycloak: KeycloakHealth,
  ) {}

  @HandleMessage(HealthMessages[SERVICE_NAME])
  async health(): Promise<ServiceHealth> {
    const [database, keycloak] = await Promise.all([databaseStatus(this.connection), this.keycloak.status()]);
    return serviceHealth(SERVICE_NAME, { database, keycloak });
  }
}
