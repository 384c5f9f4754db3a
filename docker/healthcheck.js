// The image's HEALTHCHECK: the app's liveness route over loopback (the gateway's /api/health/live,
// a service's probe server /health/live on HEALTH_PORT). Exit 0 healthy, 1 not.
// jetstream-setup is a one-shot program with no probe server: it is healthy while it runs, and its
// exit status (0 set up, 1 not) is its result.
if (process.env.APP === 'jetstream-setup') process.exit(0);
const url =
  process.env.APP === 'gateway'
    ? `http://127.0.0.1:${process.env.GATEWAY_PORT || 3000}/api/health/live`
    : `http://127.0.0.1:${process.env.HEALTH_PORT || 8081}/health/live`;
fetch(url, { signal: AbortSignal.timeout(4000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
