import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { toErrorBody } from '../nats/rpc-errors';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './unavailable';

const { MongoNetworkError, MongoServerError, MongoServerSelectionError, MongoNotConnectedError } = mongoose.mongo;

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a dropped connection', new MongoNetworkError('connection 3 to 127.0.0.1:31515 closed')],
    ['no server to select', new MongoServerSelectionError('connect ECONNREFUSED 127.0.0.1:31515', { type: 'Unknown', servers: new Map() } as never)],
    ['a closed client', new MongoNotConnectedError('Client must be connected before running operations')],
    ['mongoose without a connection', new mongoose.Error('Cannot call `attempts.findOne()` before initial connection is complete if `bufferCommands = false`.')],
    ['FerretDB with PostgreSQL away', new MongoServerError({ message: 'failed to connect to `host=127.0.0.1 user=fluent database=fluent`: dial error (dial tcp 127.0.0.1:31520: connect: connection refused)', code: 1 })],
    ['an unreachable database behind a wrapper', new Error('could not store the attempt', { cause: new MongoNetworkError('socket hang up') })],
  ])('recognises %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a duplicate key', new MongoServerError({ message: 'E11000 duplicate key error collection: fluent.attempts', code: 11000 })],
    ['a validation error', new mongoose.Error.ValidationError()],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'uid')")],
    ['not an error', 'connection refused'],
  ])('does not take %s for an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('toErrorBody of a database outage', () => {
  it('answers 503 with a generic message instead of a 500', () => {
    const error = new MongoServerSelectionError('connect ECONNREFUSED 127.0.0.1:31515', { type: 'Unknown', servers: new Map() } as never);
    expect(toErrorBody(error)).toEqual({ statusCode: 503, message: UNAVAILABLE_MESSAGE });
  });
});
