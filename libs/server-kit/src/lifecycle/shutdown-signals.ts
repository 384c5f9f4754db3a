import type { RetryLogger } from '../resilience/retry';

/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT (Kubernetes stops pods with SIGTERM), then
 * exits: 0 when it completed, 1 when it failed or took longer than `timeoutMs`.
 */
export function listenForShutdown(
  shutdown: (signal: NodeJS.Signals) => Promise<void>,
  options: { log: RetryLogger & { error(message: string): unknown }; timeoutMs?: number },
): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    (options.log.log ?? options.log.info)?.call(options.log, `${signal} received: shutting down`);
    const timer = setTimeout(() => {
      options.log.error(`Shutdown took longer than ${options.timeoutMs} ms; exiting`);
      process.exit(1);
    }, options.timeoutMs ?? 25_000);
    timer.unref();
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        options.log.error(`Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a second signal while shutting down is ignored rather than killing the process.
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
