import { RpcException } from '@nestjs/microservices';
import { describe, expect, it, vi } from 'vitest';
import type { KeycloakAdmin } from '../keycloak/keycloak-admin';
import type { KeycloakTokens } from '../keycloak/keycloak-tokens';
import { UsersService } from './users.service';

const input = { email: 'ana@example.com', password: 'correct-horse', mobileNumber: '0123456789' };
const tokens = { accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresIn: 300, refreshExpiresIn: 1800 };

function setup(create: () => Promise<unknown>) {
  const admin = { createUser: vi.fn().mockResolvedValue('uid-1'), deleteUser: vi.fn().mockResolvedValue(undefined) };
  const keycloakTokens = { passwordGrant: vi.fn().mockResolvedValue(tokens) };
  const model = { create: vi.fn(create), findById: vi.fn() };
  const service = new UsersService(model as never, admin as unknown as KeycloakAdmin, keycloakTokens as unknown as KeycloakTokens);
  return { service, admin, keycloakTokens, model };
}

describe('UsersService.signUp', () => {
  it('creates the account, then the document with the SPEC fields, then signs in', async () => {
    const { service, model, keycloakTokens } = setup(async () => ({}));
    await expect(service.signUp(input)).resolves.toEqual(tokens);
    expect(model.create).toHaveBeenCalledWith({ _id: 'uid-1', uid: 'uid-1', email: input.email, mobileNumber: input.mobileNumber, hasPaid: false });
    expect(keycloakTokens.passwordGrant).toHaveBeenCalledWith(input.email, input.password);
  });

  it('deletes the Keycloak account again when the document cannot be written', async () => {
    const { service, admin, keycloakTokens } = setup(async () => {
      throw new Error('database down');
    });
    const error = await service.signUp(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcException);
    expect((error as RpcException).getError()).toMatchObject({ statusCode: 503 });
    expect(admin.deleteUser).toHaveBeenCalledWith('uid-1');
    expect(keycloakTokens.passwordGrant).not.toHaveBeenCalled();
  });
});
