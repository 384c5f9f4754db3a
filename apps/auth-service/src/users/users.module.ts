import { Module } from '@nestjs/common';
import { KeycloakModule } from '../keycloak/keycloak.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UserDocumentsModule } from './user-documents.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Sign-up, sign-in, sessions and the user document, over Keycloak. */
@Module({
  imports: [UserDocumentsModule, KeycloakModule, SessionsModule],
  controllers: [UsersController],
  providers: [UsersService],
})
export class UsersModule {}
