import { BadRequestException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { describe, expect, it } from 'vitest';
import { rpcError, toErrorBody } from './rpc-errors';

describe('toErrorBody', () => {
  it('keeps the status and message of an rpcError', () => {
    expect(toErrorBody(rpcError(409, 'Taken', { email: 'Taken' }))).toEqual({
      statusCode: 409,
      message: 'Taken',
      errors: { email: 'Taken' },
    });
  });

  it('maps an HttpException thrown in a service', () => {
    expect(toErrorBody(new BadRequestException('Bad'))).toEqual({ statusCode: 400, message: 'Bad' });
  });

  it('hides the details of unexpected errors behind a 500', () => {
    expect(toErrorBody(new Error('db password is hunter2'))).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(toErrorBody(new RpcException('plain'))).toEqual({ statusCode: 500, message: 'plain' });
  });
});
