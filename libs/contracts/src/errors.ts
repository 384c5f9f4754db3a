/**
 * The shape every service error takes on the wire (inside an RpcException) and every gateway
 * error takes over HTTP.
 */
export interface ErrorBody {
  statusCode: number;
  message: string;
  /** Field-level messages for validation errors: path -> message. */
  errors?: Record<string, string>;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).statusCode === 'number' &&
    typeof (value as ErrorBody).message === 'string'
  );
}
