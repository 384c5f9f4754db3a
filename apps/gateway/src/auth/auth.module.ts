import { Module } from '@nestjs/common';
import { KeycloakAccessTokenVerifier } from './access-token-verifier';
import { AuthController } from './auth.controller';
import { AuthSessions } from './auth-sessions.service';
import { GoogleSignInController } from './google-sign-in.controller';
import { MeController } from './me.controller';

/** Sessions (sign-up, sign-in, refresh, sign-out), Google sign-in, /api/me, and the access tokens' verifier. */
@Module({
  controllers: [AuthController, GoogleSignInController, MeController],
  providers: [AuthSessions, KeycloakAccessTokenVerifier],
  exports: [KeycloakAccessTokenVerifier],
})
export class AuthModule {}
