// Compiled by `typecheck` (tsconfig.typecheck.json), never built or run. Each line marked as
// expecting an error must fail to compile, or typecheck fails ("Unused '@ts-expect-error' directive").
// It proves that RpcClient takes only a message of libs/contracts with that message's payload.
import { AuthMessages, BlogMessages, CatalogMessages, type AttemptResult, type PublicTest } from '@fluent/contracts';
import type { JsonBytes } from './nest-reply';
import type { RpcClient } from './rpc.client';

export async function typedCalls(rpc: RpcClient): Promise<void> {
  // The right payloads compile, and the replies have the message's type.
  const test: JsonBytes<PublicTest> = await rpc.relay(CatalogMessages.getTest, { uid: 'u', testId: 3 }, { requestId: 'r' });
  const result: AttemptResult = await rpc.send(CatalogMessages.getAttempt, { uid: 'u', attemptId: 'a' });
  await rpc.send(BlogMessages.listPosts, { requestId: 'r' });
  void test;
  void result;

  // @ts-expect-error the test id is a number
  await rpc.send(CatalogMessages.getTest, { uid: 'u', testId: '3' });
  // @ts-expect-error the caller's uid is missing
  await rpc.relay(CatalogMessages.listCards, {});
  // @ts-expect-error another message's payload
  await rpc.send(AuthMessages.refresh, { slug: 'typing-speed' });
  // @ts-expect-error a message that carries nothing takes no payload
  await rpc.send(BlogMessages.listPosts, { slug: 'typing-speed' }, {});
  // @ts-expect-error a bare subject is not a message
  await rpc.send('catalog.tests.get', { uid: 'u', testId: 3 });
  // @ts-expect-error the reply is the message's, not another type
  const wrongReply: PublicTest = await rpc.send(CatalogMessages.getAttempt, { uid: 'u', attemptId: 'a' });
  void wrongReply;
}
