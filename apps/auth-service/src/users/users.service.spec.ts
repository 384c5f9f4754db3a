import { RpcException } from '@nestjs/microservices';
import { describe, expect, it, vi } from 'vitest';
import type { KeycloakAdmin } from '../keycloak/keycloak-admin';
import type { KeycloakTokens } from '../keycloak/keycloak-tokens';
import type { RefreshGrace } from '../sessions/refresh-grace';
import { LocalBroadcast, rpcError } from '@fluent/server-kit';
import { UserDocumentCache } from './user-document-cache';
import { UsersService } from './users.service';

const input = { email: 'ana@example.com', password: 'correct-horse', mobileNumber: '0123456789' };
const jwt = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
const tokens = { accessToken: jwt({ sub: 'uid-1' }), refreshToken: 'r', expiresIn: 300, refreshExpiresIn: 1800 };
const statusOf = (error: unknown) => (error as RpcException).getError() as { statusCode: number; message: string };

function setup(options: { create?: () => Promise<unknown>; existing?: Record<string, unknown> | null; createUser?: () => Promise<string>; cache?: UserDocumentCache } = {}) {
  const admin = {
    createUser: vi.fn(options.createUser ?? (async () => 'uid-1')),
    deleteUser: vi.fn().mockResolvedValue(undefined),
    findByEmail: vi.fn().mockResolvedValue({ id: 'uid-1', attributes: { mobileNumber: ['9999999999'] } }),
    setMobileNumber: vi.fn().mockResolvedValue(undefined),
  };
  const keycloakTokens = { passwordGrant: vi.fn().mockResolvedValue(tokens), logout: vi.fn().mockResolvedValue(undefined) };
  const model = {
    create: vi.fn(options.create ?? (async () => ({}))),
    findById: vi.fn(() => ({ lean: () => ({ exec: async () => options.existing ?? null }) })),
    updateOne: vi.fn(() => ({ exec: async () => ({}) })),
  };
  const grace = {} as RefreshGrace;
  const cache = options.cache ?? new UserDocumentCache(new LocalBroadcast());
  const service = new UsersService(model as never, admin as unknown as KeycloakAdmin, keycloakTokens as unknown as KeycloakTokens, grace, cache);
  return { service, admin, keycloakTokens, model };
}

const taken = () => rpcError(409, 'An account with this email already exists.');

describe('UsersService.signUp', () => {
  it('creates the account, then the document with the SPEC fields, then signs in', async () => {
    const { service, model, keycloakTokens } = setup();
    await expect(service.signUp(input)).resolves.toEqual(tokens);
    expect(model.create).toHaveBeenCalledWith({ _id: 'uid-1', uid: 'uid-1', email: input.email, mobileNumber: input.mobileNumber, hasPaid: false });
    expect(keycloakTokens.passwordGrant).toHaveBeenCalledWith(input.email, input.password, expect.anything());
  });

  it('deletes the Keycloak account again when the document cannot be written', async () => {
    const { service, admin, keycloakTokens } = setup({
      create: async () => {
        throw new Error('database down');
      },
    });
    const error = await service.signUp(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcException);
    expect(statusOf(error).statusCode).toBe(503);
    expect(admin.deleteUser).toHaveBeenCalledWith('uid-1', expect.anything());
    expect(keycloakTokens.passwordGrant).not.toHaveBeenCalled();
  });

  it('finishes a half-done sign-up: the account exists, the password matches, no document', async () => {
    const { service, model, admin } = setup({ createUser: () => Promise.reject(taken()), existing: null });
    await expect(service.signUp(input)).resolves.toEqual(tokens);
    expect(model.create).toHaveBeenCalledWith({ _id: 'uid-1', uid: 'uid-1', email: input.email, mobileNumber: input.mobileNumber, hasPaid: false });
    // Keycloak's attribute follows what the learner entered this time.
    expect(admin.setMobileNumber).toHaveBeenCalledWith(expect.objectContaining({ id: 'uid-1' }), input.mobileNumber, expect.anything());
  });

  it('adds the sign-up fields to a document the dashboard created, keeping what it holds', async () => {
    const { service, model } = setup({ createUser: () => Promise.reject(taken()), existing: { _id: 'uid-1', paidTests: true } });
    await service.signUp(input);
    expect(model.create).not.toHaveBeenCalled();
    expect(model.updateOne).toHaveBeenCalledWith({ _id: 'uid-1' }, { $set: { uid: 'uid-1', email: input.email, mobileNumber: input.mobileNumber, hasPaid: false } });
  });

  it('answers 409 to someone who does not know the password', async () => {
    const { service, keycloakTokens, model } = setup({ createUser: () => Promise.reject(taken()) });
    keycloakTokens.passwordGrant.mockRejectedValueOnce(rpcError(401, 'Invalid email or password.'));
    const error = await service.signUp(input).catch((e: unknown) => e);
    expect(statusOf(error)).toEqual({ statusCode: 409, message: 'An account with this email already exists.', errors: { email: 'An account with this email already exists.' } });
    expect(model.create).not.toHaveBeenCalled();
  });

  it('answers 409 to a finished sign-up, and ends the session it opened to check', async () => {
    const { service, keycloakTokens, model } = setup({
      createUser: () => Promise.reject(taken()),
      existing: { _id: 'uid-1', uid: 'uid-1', email: input.email, mobileNumber: '1112223334', hasPaid: false },
    });
    const error = await service.signUp(input).catch((e: unknown) => e);
    expect(statusOf(error).statusCode).toBe(409);
    expect(model.updateOne).not.toHaveBeenCalled();
    expect(keycloakTokens.logout).toHaveBeenCalledWith('r', expect.anything());
  });

  it('passes a Keycloak outage through as 503, not as "email taken"', async () => {
    const { service, keycloakTokens } = setup({ createUser: () => Promise.reject(taken()) });
    keycloakTokens.passwordGrant.mockRejectedValueOnce(rpcError(503, 'The sign-in service is unavailable. Please try again shortly.'));
    expect(statusOf(await service.signUp(input).catch((e: unknown) => e)).statusCode).toBe(503);
  });
});

describe('UsersService.ensureUser', () => {
  it('creates the dashboard path document with paidTests false only', async () => {
    const { service, model } = setup();
    model.findById.mockReturnValueOnce({ lean: () => ({ exec: async () => null }) }).mockReturnValueOnce({
      lean: () => ({ exec: async () => ({ _id: 'u', paidTests: false }) }),
    });
    await expect(service.ensureUser({ user: { uid: 'u', email: 'x@y.z' }, path: 'dashboard' })).resolves.toEqual({ uid: 'u', paidTests: false });
    expect(model.create).toHaveBeenCalledWith({ _id: 'u', paidTests: false });
  });

  it('reads an existing document once, then answers from memory until a write changes it (here or on another replica)', async () => {
    const broadcast = new LocalBroadcast(); // one for two replicas of auth-service
    const replicaCache = new UserDocumentCache(broadcast);
    const document = { _id: 'u', paidTests: false };
    const { service, model } = setup({ existing: document, cache: new UserDocumentCache(broadcast) });
    const me = () => service.ensureUser({ user: { uid: 'u' }, path: 'dashboard' });
    await me();
    await me();
    expect(model.findById).toHaveBeenCalledTimes(1);
    document.paidTests = true; // the other replica's payment consumer writes, then:
    replicaCache.changed('u');
    await expect(me()).resolves.toMatchObject({ paidTests: true });
    expect(model.findById).toHaveBeenCalledTimes(2);
  });
});
