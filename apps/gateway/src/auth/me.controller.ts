import { Controller, Get } from '@nestjs/common';
import { AuthPatterns, type AuthenticatedUser, type UserDocument } from '@fluent/contracts';
import { RpcClient } from '../common/rpc/rpc.client';
import { CurrentUser } from './current-user.decorator';

@Controller('api/me')
export class MeController {
  constructor(private readonly rpc: RpcClient) {}

  /** The caller's own user document; created with paidTests false when missing (SPEC.md §7). */
  @Get()
  me(@CurrentUser() user: AuthenticatedUser): Promise<UserDocument> {
    return this.rpc.send<UserDocument>(AuthPatterns.ensureUser, { user, path: 'dashboard' });
  }
}
