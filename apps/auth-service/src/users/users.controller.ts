import { Controller } from '@nestjs/common';
import { AuthMessages, type ParsedRequest, type SessionTokens, type UserDocument } from '@fluent/contracts';
import { HandleMessage } from '@fluent/server-kit';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @HandleMessage(AuthMessages.signUp)
  signUp(request: ParsedRequest<typeof AuthMessages.signUp>): Promise<SessionTokens> {
    return this.users.signUp(request);
  }

  @HandleMessage(AuthMessages.signIn)
  signIn({ email, password }: ParsedRequest<typeof AuthMessages.signIn>): Promise<SessionTokens> {
    return this.users.signIn(email, password);
  }

  @HandleMessage(AuthMessages.refresh)
  refresh({ refreshToken }: ParsedRequest<typeof AuthMessages.refresh>): Promise<SessionTokens> {
    return this.users.refresh(refreshToken);
  }

  @HandleMessage(AuthMessages.signOut)
  async signOut({ refreshToken }: ParsedRequest<typeof AuthMessages.signOut>): Promise<{ signedOut: true }> {
    await this.users.signOut(refreshToken);
    return { signedOut: true };
  }

  @HandleMessage(AuthMessages.exchangeGoogleCode)
  exchangeGoogleCode(request: ParsedRequest<typeof AuthMessages.exchangeGoogleCode>): Promise<SessionTokens> {
    return this.users.exchangeGoogleCode(request);
  }

  @HandleMessage(AuthMessages.ensureUser)
  ensureUser(request: ParsedRequest<typeof AuthMessages.ensureUser>): Promise<UserDocument> {
    return this.users.ensureUser(request);
  }
}
