import { Controller } from '@nestjs/common';
import { JumbledOrderMessages, type ClaimedOrderList, type JumbledOrderDecisionReceipt, type ParsedRequest } from '@fluent/contracts';
import { HandleMessage } from '@fluent/server-kit';
import { JumbledOrdersService } from './jumbled-orders.service';

/** The gateway checks the operator role before either, and passes the verified operator as `uid`. */
@Controller()
export class JumbledOrdersController {
  constructor(private readonly orders: JumbledOrdersService) {}

  @HandleMessage(JumbledOrderMessages.listClaimedOrders)
  list(query: ParsedRequest<typeof JumbledOrderMessages.listClaimedOrders>): Promise<ClaimedOrderList> {
    return this.orders.list(query);
  }

  @HandleMessage(JumbledOrderMessages.decideJumbledOrder)
  decide(request: ParsedRequest<typeof JumbledOrderMessages.decideJumbledOrder>): Promise<JumbledOrderDecisionReceipt> {
    return this.orders.decide(request.uid, request.decision);
  }
}
