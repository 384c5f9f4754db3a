import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { isErrorBody } from '@fluent/contracts';
import { config } from '../../config';
import { NATS_CLIENT } from './rpc.constants';

/**
 * Request/reply over NATS with a deadline on every call (the transport has none) and the
 * services' {statusCode, message} errors turned back into HTTP errors.
 */
@Injectable()
export class RpcClient implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RpcClient.name);
  private connected = false;

  constructor(@Inject(NATS_CLIENT) private readonly client: ClientProxy) {}

  onApplicationBootstrap(): void {
    this.client.status.subscribe((status) => {
      this.connected = status === 'connected';
    });
    // Connect in the background: the gateway must start (and report NATS down) without NATS.
    this.client.connect().then(
      () => (this.connected = true),
      (error: unknown) => this.logger.warn(`NATS not reachable yet: ${String(error)}`),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.close();
  }

  isConnected(): boolean {
    return this.connected;
  }

  async send<T>(pattern: string, data: unknown, timeoutMs = config.NATS_REQUEST_TIMEOUT_MS): Promise<T> {
    try {
      return await firstValueFrom(this.client.send<T>(pattern, data ?? {}).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw this.toHttpError(pattern, error, timeoutMs);
    }
  }

  /**
   * Callers see a status and a generic message; the subject (an internal name) goes to the log
   * only, so answers never map out the services behind the gateway.
   */
  private toHttpError(pattern: string, error: unknown, timeoutMs: number): HttpException {
    if (error instanceof TimeoutError) {
      this.logger.warn(`${pattern} did not answer within ${timeoutMs} ms`);
      return new HttpException(
        { statusCode: HttpStatus.GATEWAY_TIMEOUT, message: 'A service did not answer in time. Please try again.' },
        HttpStatus.GATEWAY_TIMEOUT,
      );
    }
    if (isErrorBody(error)) return new HttpException(error, error.statusCode);
    this.logger.error(`${pattern} failed: ${error instanceof Error ? error.message : String(error)}`);
    return new HttpException(
      { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: 'A backend service is unavailable' },
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  }
}
