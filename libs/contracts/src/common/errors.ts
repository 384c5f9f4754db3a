import type { ErrorBody } from './schemas';

export type { ErrorBody } from './schemas';

/**
 * Whether a value has the shape every service error takes on the wire (inside an RpcException)
 * and every gateway error takes over HTTP. Apart from the schema, so that the web app's API client
 * does not load the validation library with it.
 */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).statusCode === 'number' &&
    typeof (value as ErrorBody).message === 'string'
  );
}
