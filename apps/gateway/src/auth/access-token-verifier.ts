import { Injectable, Logger } from '@nestjs/common';
import {
  createLocalJWKSet,
  errors,
  jwtVerify,
  type CompactJWSHeaderParameters,
  type CryptoKey,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { AuthenticatedUser } from '@fluent/contracts';
import { config, keycloakIssuer } from '../config';
import { VerifiedTokens } from './verified-tokens';

/** Why a token was refused: each check has its own name, so tests and logs can tell them apart. */
export type TokenRefusal =
  | 'malformed'
  | 'algorithm'
  | 'unknown-key'
  | 'signature'
  | 'expiry'
  | 'not-yet-valid'
  | 'issuer'
  | 'audience'
  | 'client'
  | 'subject';

/** The token is not acceptable (HTTP 401): signing in again helps. */
export class TokenInvalidError extends Error {
  constructor(
    readonly reason: TokenRefusal,
    message: string,
  ) {
    super(`${reason}: ${message}`);
    this.name = 'TokenInvalidError';
  }
}

/** The token cannot be checked now because the signing keys cannot be had (HTTP 503): retrying later helps. */
export class VerificationUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationUnavailableError';
  }
}

/** Fetches the realm's key set (the JWKS document). Rejects when it cannot. */
export type JwksFetcher = () => Promise<JSONWebKeySet>;

export interface KeySetCacheOptions {
  fetchJwks: JwksFetcher;
  /** After this age a key set is refreshed in the background; it stays in use until a refresh succeeds. */
  maxAgeMs?: number;
  /** Least time between two fetches after a successful one (unknown key ids cannot force a fetch storm). */
  cooldownMs?: number;
  /** Least time between two fetches after a failed one. */
  retryAfterFailureMs?: number;
  now?: () => number;
  logger?: Pick<Logger, 'warn' | 'log'>;
}

/**
 * The realm's signing keys, fetched once and kept. Unlike jose's createRemoteJWKSet it keeps the
 * last good key set when a refresh fails, so a Keycloak outage does not turn every request into a
 * 401: tokens signed with a known key still verify. It gives up (VerificationUnavailableError)
 * only when it has never obtained the keys, or a token names a key id it does not know and the
 * refresh that might have brought that key fails. Concurrent callers share one fetch.
 */
export class KeySetCache {
  private keys?: { getKey: ReturnType<typeof createLocalJWKSet>; fetchedAt: number };
  private lastAttempt?: { at: number; failed: boolean };
  private refreshing?: Promise<boolean>;
  private generation = 0;
  private readonly maxAgeMs: number;
  private readonly cooldownMs: number;
  private readonly retryAfterFailureMs: number;
  private readonly now: () => number;

  constructor(private readonly options: KeySetCacheOptions) {
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts the key sets obtained: it changes whenever the keys in use may have changed. */
  get keySet(): number {
    return this.generation;
  }

  /** Starts a background refresh when the key set is past its age (it stays in use meanwhile). */
  keepFresh(): void {
    if (this.keys && this.now() - this.keys.fetchedAt > this.maxAgeMs && this.mayFetch()) void this.refresh();
  }

  /** jose's key resolver: the key for a token's header. */
  readonly getKey = async (header: CompactJWSHeaderParameters, token: FlattenedJWSInput): Promise<CryptoKey> => {
    if (!this.keys) {
      if (this.mayFetch()) await this.refresh();
      if (!this.keys) throw new VerificationUnavailableError('the signing keys have not been obtained yet');
    } else {
      this.keepFresh();
    }
    try {
      return await this.keys.getKey(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // An unknown key id: the realm may have rotated its keys since our last fetch.
      if (this.mayFetch()) {
        if (!(await this.refresh())) throw new VerificationUnavailableError(`key id ${String(header.kid)} unknown and the keys cannot be refreshed`);
        return await this.keys.getKey(header, token);
      }
      if (this.lastAttempt?.failed) throw new VerificationUnavailableError(`key id ${String(header.kid)} unknown and the keys cannot be refreshed`);
      throw error;
    }
  };

  private mayFetch(): boolean {
    if (!this.lastAttempt) return true;
    const wait = this.lastAttempt.failed ? this.retryAfterFailureMs : this.cooldownMs;
    return this.now() - this.lastAttempt.at >= wait;
  }

  /** Fetches the key set (one fetch for all concurrent callers); true when it succeeded. */
  private refresh(): Promise<boolean> {
    this.refreshing ??= this.fetchOnce().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async fetchOnce(): Promise<boolean> {
    const at = this.now();
    try {
      const jwks = await this.options.fetchJwks();
      const getKey = createLocalJWKSet(jwks); // throws on a document that is not a key set
      this.keys = { getKey, fetchedAt: at };
      this.generation += 1;
      this.lastAttempt = { at, failed: false };
      return true;
    } catch (error) {
      this.lastAttempt = { at, failed: true };
      this.options.logger?.warn(
        `Could not fetch the signing keys (${error instanceof Error ? error.message : String(error)}); ` +
          (this.keys ? 'still verifying with the last key set' : 'tokens cannot be verified yet'),
      );
      return false;
    }
  }
}

/** Fetches a JWKS document over HTTP with a deadline. */
export function httpJwksFetcher(url: string, timeoutMs: number): JwksFetcher {
  return async () => {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as JSONWebKeySet;
  };
}

export interface VerifierOptions {
  jwks: JWTVerifyGetKey | KeySetCache;
  issuer: string;
  audience: string;
  authorizedParty: string;
  /** Verified tokens kept (see VerifiedTokens); 0 checks every token every time. */
  cacheSize?: number;
  now?: () => number;
}

/** Names the check a jose error stands for; anything unexpected is a malformed token. */
function refusalOf(error: unknown): TokenInvalidError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof errors.JWTExpired) return new TokenInvalidError('expiry', message);
  if (error instanceof errors.JWTClaimValidationFailed) {
    const byClaim: Record<string, TokenRefusal> = { iss: 'issuer', aud: 'audience', exp: 'expiry', nbf: 'not-yet-valid', iat: 'not-yet-valid', sub: 'subject' };
    return new TokenInvalidError(byClaim[error.claim] ?? 'malformed', message);
  }
  if (error instanceof errors.JWKSNoMatchingKey) return new TokenInvalidError('unknown-key', message);
  if (error instanceof errors.JWSSignatureVerificationFailed) return new TokenInvalidError('signature', message);
  if (error instanceof errors.JOSEAlgNotAllowed) return new TokenInvalidError('algorithm', message);
  return new TokenInvalidError('malformed', message);
}

/**
 * Verifies Keycloak access tokens with jose: signature against the realm's key set (see
 * KeySetCache), issuer, audience, expiry (required), and that the token was issued to our web
 * client (azp). Rejects with TokenInvalidError naming the failed check, or with
 * VerificationUnavailableError when the keys cannot be had.
 */
export class AccessTokenVerifier {
  private readonly getKey: JWTVerifyGetKey;
  private readonly verified?: VerifiedTokens;

  constructor(private readonly options: VerifierOptions) {
    this.getKey = options.jwks instanceof KeySetCache ? options.jwks.getKey : options.jwks;
    if (options.cacheSize) this.verified = new VerifiedTokens(options.cacheSize, options.now);
  }

  async verify(token: string): Promise<AuthenticatedUser> {
    const { jwks } = this.options;
    // Remembered tokens never ask for a key: the key set's age is checked here too.
    if (jwks instanceof KeySetCache) jwks.keepFresh();
    const keySet = jwks instanceof KeySetCache ? jwks.keySet : 0;
    const known = this.verified?.get(token, keySet);
    if (known) return known;
    const { user, expiresAt } = await this.check(token);
    // Under the key set it was checked with (a refresh during the check makes it stale at once).
    this.verified?.set(token, user, expiresAt, keySet);
    return user;
  }

  private async check(token: string): Promise<{ user: AuthenticatedUser; expiresAt: number }> {
    let payload: JWTPayload & { azp?: string; email?: string; name?: string; realm_access?: { roles?: unknown } };
    try {
      ({ payload } = await jwtVerify(token, this.getKey, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
        clockTolerance: 5,
        ...(this.options.now ? { currentDate: new Date(this.options.now()) } : {}),
      }));
    } catch (error) {
      if (error instanceof VerificationUnavailableError) throw error;
      throw refusalOf(error);
    }
    if (payload.azp !== this.options.authorizedParty) throw new TokenInvalidError('client', `token issued to ${String(payload.azp)}`);
    if (!payload.sub) throw new TokenInvalidError('subject', 'token without subject');
    const user = { uid: payload.sub, email: payload.email, name: payload.name, roles: realmRoles(payload.realm_access?.roles) };
    // `exp` is required above; without the clock tolerance here, so a cached token never outlives it.
    return { user, expiresAt: (payload.exp ?? 0) * 1000 };
  }
}

/** Keycloak's realm roles claim (`realm_access.roles`), keeping only strings. */
function realmRoles(claim: unknown): string[] {
  return Array.isArray(claim) ? claim.filter((role): role is string => typeof role === 'string') : [];
}

@Injectable()
export class KeycloakAccessTokenVerifier extends AccessTokenVerifier {
  constructor() {
    super({
      jwks: new KeySetCache({
        fetchJwks: httpJwksFetcher(`${config.KEYCLOAK_URL}/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect/certs`, 3000),
        maxAgeMs: 10 * 60_000,
        cooldownMs: 30_000,
        retryAfterFailureMs: 5_000,
        logger: new Logger('AccessTokenVerifier'),
      }),
      issuer: keycloakIssuer,
      audience: config.KEYCLOAK_AUDIENCE,
      authorizedParty: config.KEYCLOAK_WEB_CLIENT_ID,
      cacheSize: 10_000,
    });
  }
}
