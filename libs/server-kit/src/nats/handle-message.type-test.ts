// Compiled by `typecheck` (tsconfig.typecheck.json), never built or run. Each line marked as
// expecting an error must fail to compile, or typecheck fails ("Unused '@ts-expect-error' directive").
// It proves that a handler must take its message's request and answer its message's reply.
import { BlogMessages, CatalogMessages, type MockTestCardsResponse, type ParsedRequest, type PublicTest } from '@fluent/contracts';
import { HandleMessage } from './handle-message';

declare const aTest: PublicTest;
declare const cards: MockTestCardsResponse;

export class TypedHandlers {
  // The right handlers compile: the message's request in, its reply out (or none at all).
  @HandleMessage(CatalogMessages.getTest)
  test(request: ParsedRequest<typeof CatalogMessages.getTest>): Promise<PublicTest> {
    void request.testId;
    return Promise.resolve(aTest);
  }

  @HandleMessage(BlogMessages.listPosts)
  list(): { posts: [] } {
    return { posts: [] };
  }

  // @ts-expect-error the handler answers another message's reply
  @HandleMessage(CatalogMessages.getTest)
  wrongReply(): Promise<MockTestCardsResponse> {
    return Promise.resolve(cards);
  }

  // @ts-expect-error the handler reads a request the message does not carry
  @HandleMessage(CatalogMessages.listCards)
  wrongRequest(request: { uid: number }): MockTestCardsResponse {
    void request;
    return cards;
  }
}
