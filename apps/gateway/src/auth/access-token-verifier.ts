import { Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AuthenticatedUser } from '@fluent/contracts';
import { config, keycloakIssuer } from '../config';

export interface VerifierOptions {
  jwks: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  authorizedParty: string;
}

/**
 * Verifies Keycloak access tokens with jose: signature against the realm's JWKS (fetched once and
 * cached, refetched when an unknown key id appears), issuer, audience, expiry, and that the token
 * was issued to our web client (azp).
 */
export class AccessTokenVerifier {
  constructor(private readonly options: VerifierOptions) {}

  async verify(token: string): Promise<AuthenticatedUser> {
    const { payload } = await jwtVerify<JWTPayload & { azp?: string; email?: string; name?: string }>(token, this.options.jwks, {
      issuer: this.options.issuer,
      audience: this.options.audience,
      algorithms: ['RS256'],
      clockTolerance: 5,
    });
    if (payload.azp !== this.options.authorizedParty) throw new Error('token issued to another client');
    if (!payload.sub) throw new Error('token without subject');
    return { uid: payload.sub, email: payload.email, name: payload.name };
  }
}

@Injectable()
export class KeycloakAccessTokenVerifier extends AccessTokenVerifier {
  constructor() {
    super({
      jwks: createRemoteJWKSet(new URL(`${config.KEYCLOAK_URL}/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect/certs`), {
        cooldownDuration: 30_000,
        cacheMaxAge: 10 * 60_000,
        timeoutDuration: 3000,
      }),
      issuer: keycloakIssuer,
      audience: config.KEYCLOAK_AUDIENCE,
      authorizedParty: config.KEYCLOAK_WEB_CLIENT_ID,
    });
  }
}
