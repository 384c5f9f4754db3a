import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { KeycloakAdmin } from '../keycloak/keycloak-admin';
import { KeycloakTokens } from '../keycloak/keycloak-tokens';
import { User, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],
  controllers: [UsersController],
  providers: [UsersService, KeycloakAdmin, KeycloakTokens],
  exports: [UsersService],
})
export class UsersModule {}
