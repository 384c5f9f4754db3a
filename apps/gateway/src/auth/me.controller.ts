import { Controller, Get, Header } from '@nestjs/common';
import { AuthMessages, type AuthenticatedUser, type UserDocument, userDocumentSchema } from '@fluent/contracts';
import { JSON_CONTENT_TYPE, type JsonBytes } from '../common/rpc/nest-reply';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { CurrentUser } from './current-user.decorator';
import { ApiDoc, RATE } from '../openapi/route-doc';

@Controller('api/me')
export class MeController {
  constructor(private readonly rpc: RpcClient) {}

  /** The caller's own user document; created with paidTests false when missing (docs/product.md#what-is-stored). */
  @Get()
  @ApiDoc({
    operationId: 'me',
    tag: 'Learner',
    summary: "The signed-in learner's user document (created with paidTests false when missing)",
    access: 'learner',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The user document', schema: userDocumentSchema } },
  })
  @Header('Content-Type', JSON_CONTENT_TYPE)
  me(@CurrentUser() user: AuthenticatedUser, @RequestId() requestId: string): Promise<JsonBytes<UserDocument>> {
    return this.rpc.relay(AuthMessages.ensureUser, { user, path: 'dashboard' }, { requestId });
  }
}
