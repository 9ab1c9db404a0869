import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BillingPlansResponse } from '@fxrates/domain';
import { BillingPlansService } from './billing-plans.service';
import { BillingPlansResponseDto } from './dto/billing-plans.response';

@ApiTags('billing')
@Controller('billing/plans')
export class BillingPlansController {
  constructor(private readonly plans: BillingPlansService) {}

  @Get()
  @ApiOperation({
    operationId: 'listBillingPlans',
    summary: 'Plans, prices per cycle, PayPal client id and plan ids (public)',
    description: "What the pricing and checkout pages need: each plan's limits and prices, and PayPal's ids.",
    security: [],
  })
  @ApiOkResponse({ type: BillingPlansResponseDto })
  list(): BillingPlansResponse {
    return this.plans.list();
  }
}
