import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_LOCKED_MESSAGE } from '@fluent/contracts';
import { incrementCounter, NatsKv, readCounter } from '@fluent/server-kit';
import { config } from '../../config';

const BUCKET = 'gateway_sign_in_failures';

/**
 * Failed sign-ins per account, beside the per-address limit: an attacker spreading guesses for one
 * account over many addresses is stopped here, and learners sharing one address are not locked
 * out by somebody else's typos. Counted in NATS KV, so every gateway replica sees the same count.
 */
@Injectable()
export class SignInAttempts {
  private readonly logger = new Logger(SignInAttempts.name);

  constructor(private readonly kv: NatsKv) {}

  /** 429 when this account has had too many failed sign-ins in the current window. */
  async assertAllowed(email: string): Promise<void> {
    const failures = await this.read(email);
    if (failures >= config.AUTH_ACCOUNT_FAILURE_LIMIT) {
      throw new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message: ACCOUNT_LOCKED_MESSAGE }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async recordFailure(email: string): Promise<void> {
    try {
      const key = this.key(email);
      await this.kv.use(BUCKET, this.bucketTtl(), (bucket) => incrementCounter(bucket, key));
    } catch (error) {
      this.logger.warn(`Could not count a failed sign-in: ${String(error)}`);
    }
  }

  private async read(email: string): Promise<number> {
    try {
      const key = this.key(email);
      return await this.kv.use(BUCKET, this.bucketTtl(), (bucket) => readCounter(bucket, key));
    } catch (error) {
      this.logger.warn(`Could not read failed sign-ins: ${String(error)}`);
      return 0;
    }
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
