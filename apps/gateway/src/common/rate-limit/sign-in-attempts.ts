import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_LOCKED_MESSAGE, KvBuckets } from '@fluent/contracts';
import { CounterContendedError, incrementCounter, NatsKv } from '@fluent/server-kit';
import { config } from '../../config';
import { RATE_LIMIT_UNAVAILABLE_MESSAGE } from './rate-limit-storage';

/** A password check in progress for one account; see SignInAttempts.reserve. */
export interface PasswordAttempt {
  /** The password was right (or the check never happened): the attempt is given back. */
  release(): Promise<void>;
}

const locked = () => new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message: ACCOUNT_LOCKED_MESSAGE }, HttpStatus.TOO_MANY_REQUESTS);

/**
 * Password checks per account, beside the per-address limit: an attacker spreading guesses for one
 * account over many addresses is stopped here. Every check is counted *before* it reaches Keycloak
 * (so a parallel burst cannot slip through between a read and a write) and given back when the
 * password was right, so only wrong passwords add up. Sign-in and sign-up (whose retry checks the
 * password of an existing account) share the count. Counted in NATS KV, shared by every replica.
 */
@Injectable()
export class SignInAttempts {
  private readonly logger = new Logger(SignInAttempts.name);

  constructor(private readonly kv: NatsKv) {}

  /** Counts a password check for this account; 429 when the account has had too many wrong ones. */
  async reserve(email: string): Promise<PasswordAttempt> {
    const key = this.key(email);
    let count: number;
    try {
      count = await this.kv.use(KvBuckets.signInFailures, this.bucketTtl(), (bucket) => incrementCounter(bucket, key));
    } catch (error) {
      // Fail closed, and never as "locked": an uncounted guess is not let through, but neither a
      // store outage nor a contended counter is the learner's doing, so they hear "try again".
      this.logger.warn(`Could not count a password check${error instanceof CounterContendedError ? ' (contended)' : ''}: ${String(error)}`);
      throw new HttpException({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: RATE_LIMIT_UNAVAILABLE_MESSAGE }, HttpStatus.SERVICE_UNAVAILABLE);
    }
    if (count > config.AUTH_ACCOUNT_FAILURE_LIMIT) throw locked();
    return {
      release: async () => {
        await this.kv.use(KvBuckets.signInFailures, this.bucketTtl(), (bucket) => incrementCounter(bucket, key, -1)).catch((error: unknown) => {
          this.logger.warn(`Could not give back a password check: ${String(error)}`);
        });
      },
    };
  }

  private bucketTtl(): number {
    return config.AUTH_ACCOUNT_WINDOW_MS * 2;
  }

  /** The email is hashed: the bucket holds no addresses. One key per account and window. */
  private key(email: string): string {
    const window = Math.floor(Date.now() / config.AUTH_ACCOUNT_WINDOW_MS);
    return `${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}.${window}`;
  }
}
