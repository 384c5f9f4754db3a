import { Controller, Get } from '@nestjs/common';
import { AuthPatterns, type AuthenticatedUser, type UserDocument } from '@fluent/contracts';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { CurrentUser } from './current-user.decorator';

@Controller('api/me')
export class MeController {
  constructor(private readonly rpc: RpcClient) {}

  /** The caller's own user document; created with paidTests false when missing (SPEC.md §7). */
  @Get()
  me(@CurrentUser() user: AuthenticatedUser, @RequestId() requestId: string): Promise<UserDocument> {
    return this.rpc.send<UserDocument>(AuthPatterns.ensureUser, { user, path: 'dashboard' }, { requestId });
  }
}
