import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { EnsureUserRequest, SessionTokens, SignUpInput, UserDocument } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { KeycloakAdmin } from '../keycloak/keycloak-admin';
import { KeycloakTokens } from '../keycloak/keycloak-tokens';
import { User } from './user.schema';

const DUPLICATE_KEY = 11000;
const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === DUPLICATE_KEY;

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly admin: KeycloakAdmin,
    private readonly tokens: KeycloakTokens,
  ) {}

  /**
   * Creates the Keycloak account, then the user document {uid, email, mobileNumber, hasPaid}, then
   * signs the new user in. If the document cannot be written the Keycloak account is deleted
   * again (compensation), so no half-created account blocks a retry with the same email.
   */
  async signUp(input: SignUpInput): Promise<SessionTokens> {
    const uid = await this.admin.createUser(input);
    try {
      await this.users.create({ _id: uid, uid, email: input.email, mobileNumber: input.mobileNumber, hasPaid: false });
    } catch (error) {
      this.logger.error(`User document for ${uid} not written, removing the Keycloak account: ${String(error)}`);
      await this.admin.deleteUser(uid).catch((e: unknown) => this.logger.error(`Compensation failed for ${uid}: ${String(e)}`));
      throw rpcError(503, 'Sign-up is unavailable right now. Please try again.');
    }
    return this.tokens.passwordGrant(input.email, input.password);
  }

  signIn(email: string, password: string): Promise<SessionTokens> {
    return this.tokens.passwordGrant(email, password);
  }

  refresh(refreshToken: string): Promise<SessionTokens> {
    return this.tokens.refresh(refreshToken);
  }

  signOut(refreshToken: string): Promise<void> {
    return this.tokens.logout(refreshToken);
  }

  /**
   * Creates the user document on first contact when none exists: the first social sign-in writes
   * {email, name, hasPaid}; the dashboard writes {paidTests: false}. An existing document is never
   * touched. Two racing first contacts are settled by the unique _id (duplicate key = already there).
   */
  async ensureUser({ user, path }: EnsureUserRequest): Promise<UserDocument> {
    const existing = await this.find(user.uid);
    if (existing) return existing;
    const fields =
      path === 'social-sign-in'
        ? { email: user.email, name: user.name, hasPaid: false }
        : { uid: user.uid, email: user.email, paidTests: false };
    try {
      await this.users.create({ _id: user.uid, ...fields });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const created = await this.find(user.uid);
    if (!created) throw rpcError(503, 'Your account could not be loaded. Please try again.');
    return created;
  }

  async me(uid: string): Promise<UserDocument> {
    const found = await this.find(uid);
    if (!found) throw rpcError(404, 'No user document exists for this account yet.');
    return found;
  }

  private async find(uid: string): Promise<UserDocument | undefined> {
    const doc = await this.users.findById(uid).lean().exec();
    if (!doc) return undefined;
    const { _id, ...rest } = doc;
    return { ...rest, uid: rest.uid ?? _id } as UserDocument;
  }
}
