import { config } from 'zod';

/**
 * zod compiles object parsers with `new Function` where it may, and finds out whether it may by
 * trying once: under our Content-Security-Policy (no 'unsafe-eval') that try is a violation the
 * browser reports on every page that validates. The web app validates small inputs: no compiling.
 * Imported by each module that parses with a schema of libs/contracts.
 */
config({ jitless: true });
