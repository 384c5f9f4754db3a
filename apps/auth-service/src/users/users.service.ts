import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { RpcException } from '@nestjs/microservices';
import type { Model } from 'mongoose';
import {
  EMAIL_TAKEN_MESSAGE,
  type EnsureUserRequest,
  type GoogleExchangeRequest,
  type SessionTokens,
  type SignUpInput,
  type UserDocument,
} from '@fluent/contracts';
import { Deadline, isDuplicateKey, rpcError } from '@fluent/server-kit';
import { config } from '../config';
import { KeycloakAdmin } from '../keycloak/keycloak-admin';
import { KeycloakTokens, readClaims } from '../keycloak/keycloak-tokens';
import { RefreshGrace } from '../sessions/refresh-grace';
import { UserDocumentCache } from './user-document-cache';
import { User } from './user.schema';

const statusOf = (error: unknown) => (error instanceof RpcException ? (error.getError() as { statusCode?: number }).statusCode : undefined);
const SIGN_UP_UNAVAILABLE = 'Sign-up is unavailable right now. Please try again.';

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly admin: KeycloakAdmin,
    private readonly tokens: KeycloakTokens,
    private readonly grace: RefreshGrace,
    private readonly cache: UserDocumentCache,
  ) {}

  /**
   * Creates the Keycloak account, then the user document {uid, email, mobileNumber, hasPaid}, then
   * signs the new user in. When the document cannot be written the account is deleted again; when
   * even that fails, or the process stopped half-way, a retry with the same email and password
   * finishes the sign-up instead of answering "email taken" for ever (see finishHalfDoneSignUp).
   */
  async signUp(input: SignUpInput): Promise<SessionTokens> {
    const deadline = this.deadline();
    let uid: string;
    try {
      uid = await this.admin.createUser(input, deadline);
    } catch (error) {
      if (statusOf(error) === 409) return this.finishHalfDoneSignUp(input, deadline);
      throw error;
    }
    try {
      await this.writeSignUpDocument(uid, input);
    } catch (error) {
      this.logger.error(`User document for ${uid} not written, removing the Keycloak account: ${String(error)}`);
      await this.admin.deleteUser(uid, deadline).catch((e: unknown) => this.logger.error(`Compensation failed for ${uid}: ${String(e)}`));
      throw rpcError(503, SIGN_UP_UNAVAILABLE);
    }
    return this.tokens.passwordGrant(input.email, input.password, deadline);
  }

  /**
   * The email has a Keycloak account. If the caller knows its password and no sign-up document
   * exists for it, an earlier sign-up stopped after Keycloak saved the account: write the document
   * now (keeping anything the dashboard path already wrote) and sign in. Anyone else, and any
   * finished sign-up, gets the same 409 as before.
   */
  private async finishHalfDoneSignUp(input: SignUpInput, deadline: Deadline): Promise<SessionTokens> {
    const taken = rpcError(409, EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    let tokens: SessionTokens;
    try {
      tokens = await this.tokens.passwordGrant(input.email, input.password, deadline);
    } catch (error) {
      if (statusOf(error) === 401) throw taken;
      throw error;
    }
    const uid = readClaims(tokens.accessToken).sub;
    if (!uid) throw rpcError(503, SIGN_UP_UNAVAILABLE);
    const existing = await this.find(uid);
    if (existing?.mobileNumber) {
      await this.tokens.logout(tokens.refreshToken, deadline).catch(() => undefined);
      throw taken;
    }
    await this.writeSignUpDocument(uid, input, existing);
    const account = await this.admin.findByEmail(input.email, deadline);
    if (account && account.attributes?.mobileNumber?.[0] !== input.mobileNumber) {
      await this.admin.setMobileNumber(account, input.mobileNumber, deadline);
    }
    this.logger.log(`Finished the half-done sign-up of ${uid}`);
    return tokens;
  }

  private async writeSignUpDocument(uid: string, input: SignUpInput, existing?: UserDocument): Promise<void> {
    const fields = { uid, email: input.email, mobileNumber: input.mobileNumber };
    if (!existing) {
      try {
        await this.users.create({ _id: uid, ...fields, hasPaid: false });
        this.cache.changed(uid);
        return;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    // A document from another path exists: add the sign-up fields, never overwrite what it holds.
    const current = existing ?? (await this.find(uid));
    await this.users.updateOne({ _id: uid }, { $set: { ...fields, hasPaid: current?.hasPaid ?? false } }).exec();
    this.cache.changed(uid);
  }

  signIn(email: string, password: string): Promise<SessionTokens> {
    return this.tokens.passwordGrant(email, password, this.deadline());
  }

  refresh(refreshToken: string): Promise<SessionTokens> {
    const deadline = this.deadline();
    return this.grace.refresh(refreshToken, () => this.tokens.refresh(refreshToken, deadline));
  }

  signOut(refreshToken: string): Promise<void> {
    return this.tokens.logout(refreshToken, this.deadline());
  }

  /**
   * Finishes a Google sign-in: exchanges the code (with the PKCE verifier the gateway kept),
   * checks the ID token's nonce against the one the gateway sent, and creates the user document
   * of a first social sign-in.
   */
  async exchangeGoogleCode(request: GoogleExchangeRequest): Promise<SessionTokens> {
    const deadline = this.deadline();
    const { idToken, ...tokens } = await this.tokens.exchangeCode(request.code, request.codeVerifier, request.redirectUri, deadline);
    if (!idToken || readClaims(idToken).nonce !== request.nonce) {
      await this.tokens.logout(tokens.refreshToken, deadline).catch(() => undefined);
      throw rpcError(401, 'The sign-in could not be verified. Please try again.');
    }
    const claims = readClaims(tokens.accessToken);
    if (!claims.sub) throw rpcError(503, 'Your account could not be loaded. Please try again.');
    await this.ensureUser({ user: { uid: claims.sub, email: claims.email, name: claims.name }, path: 'social-sign-in' });
    return tokens;
  }

  /**
   * Creates the user document on first contact when none exists: the first social sign-in writes
   * {email, name, hasPaid}; the dashboard writes {paidTests: false}. An existing document is never
   * touched. Two racing first contacts are settled by the unique _id (duplicate key = already there).
   */
  async ensureUser({ user, path }: EnsureUserRequest): Promise<UserDocument> {
    // The dashboard's every load: from memory once the learner's document has been read.
    const existing = await this.cache.get(user.uid, () => this.find(user.uid));
    if (existing) return existing;
    const fields = path === 'social-sign-in' ? { email: user.email, name: user.name, hasPaid: false } : { paidTests: false };
    try {
      await this.users.create({ _id: user.uid, ...fields });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    this.cache.changed(user.uid);
    const created = await this.find(user.uid);
    if (!created) throw rpcError(503, 'Your account could not be loaded. Please try again.');
    return created;
  }

  private deadline(): Deadline {
    return new Deadline(config.AUTH_OPERATION_BUDGET_MS);
  }

  private async find(uid: string): Promise<UserDocument | undefined> {
    const doc = await this.users.findById(uid).lean().exec();
    if (!doc) return undefined;
    const { _id, ...rest } = doc;
    return { ...rest, uid: rest.uid ?? _id } as UserDocument;
  }
}
