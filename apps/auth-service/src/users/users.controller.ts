import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  AuthPatterns,
  googleExchangeSchema,
  signInSchema,
  signUpSchema,
  type EnsureUserRequest,
  type SessionTokens,
  type UserDocument,
} from '@fluent/contracts';
import { parsePayload } from '@fluent/server-kit';
import { UsersService } from './users.service';

const refreshSchema = z.object({ refreshToken: z.string().min(1) });
const ensureSchema = z.object({
  user: z.object({ uid: z.string().min(1), email: z.string().optional(), name: z.string().optional() }),
  path: z.enum(['social-sign-in', 'dashboard']),
});

const parse = parsePayload;

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(AuthPatterns.signUp)
  signUp(@Payload() payload: unknown): Promise<SessionTokens> {
    return this.users.signUp(parse(signUpSchema, payload));
  }

  @MessagePattern(AuthPatterns.signIn)
  signIn(@Payload() payload: unknown): Promise<SessionTokens> {
    const { email, password } = parse(signInSchema, payload);
    return this.users.signIn(email, password);
  }

  @MessagePattern(AuthPatterns.refresh)
  refresh(@Payload() payload: unknown): Promise<SessionTokens> {
    return this.users.refresh(parse(refreshSchema, payload).refreshToken);
  }

  @MessagePattern(AuthPatterns.signOut)
  async signOut(@Payload() payload: unknown): Promise<{ signedOut: true }> {
    await this.users.signOut(parse(refreshSchema, payload).refreshToken);
    return { signedOut: true };
  }

  @MessagePattern(AuthPatterns.exchangeGoogleCode)
  exchangeGoogleCode(@Payload() payload: unknown): Promise<SessionTokens> {
    return this.users.exchangeGoogleCode(parse(googleExchangeSchema, payload));
  }

  @MessagePattern(AuthPatterns.ensureUser)
  ensureUser(@Payload() payload: unknown): Promise<UserDocument> {
    return this.users.ensureUser(parse(ensureSchema, payload) as EnsureUserRequest);
  }
}
