import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiSecurity,
} from '@nestjs/swagger';
import {
  ErrorCode,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointList,
  type WebhookEndpointView,
} from '@fxrates/domain';
import type { FastifyReply } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { CreateWebhookBody } from './dto/create-webhook.body';
import { DELIVERIES_PAGE_DEFAULT_LIMIT, ListDeliveriesQuery } from './dto/list-deliveries.query';
import { UpdateWebhookBody } from './dto/update-webhook.body';
import {
  CreatedWebhookEndpointDto,
  WebhookDeliveryAnswerDto,
  WebhookDeliveryPageDto,
  WebhookEndpointAnswerDto,
  WebhookEndpointListDto,
} from './dto/webhook.response';
import { deliveryId, endpointId } from './webhook-ids';
import { WEBHOOK_URL_PROBLEMS, WebhooksService } from './webhooks.service';
import { PUBLIC_API_TAG } from '../public-api';
import { KeyOwner, WEBHOOK_KEY_PROBLEMS, WebhooksKeyGuard } from './webhooks-key.guard';

/**
 * `/api/v1/webhooks`: the dashboard's webhook operations for an API key whose scopes include
 * `webhooks` (a key without it is 403 `scope-not-allowed`). Not metered.
 */
@ApiTags(PUBLIC_API_TAG)
@ApiSecurity('apiKey')
@UseGuards(WebhooksKeyGuard)
@Controller('v1/webhooks')
export class WebhooksKeyController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({
    operationId: 'listWebhooks',
    summary: 'List your webhook endpoints (never their secrets)',
    description:
      'Oldest first, with the most endpoints your plan allows (`limit`). Needs a key with the `webhooks` scope; management calls are not metered.',
  })
  @ApiOkResponse({ type: WebhookEndpointListDto })
  @ApiProblems(...WEBHOOK_KEY_PROBLEMS)
  list(@KeyOwner() userId: string): Promise<WebhookEndpointList> {
    return this.webhooks.list(userId);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createWebhook',
    summary: 'Add a webhook endpoint; its signing secret is in this response only',
    description:
      'Events are signed by the Standard Webhooks convention (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`) with the `whsec_…` secret answered here once. The URL must be https, without a user name or password, at most 2,048 characters, and not an IP address (in any notation) of a loopback, private, link-local, CGNAT, metadata or other reserved range; names are resolved and checked again at each send. `pairs` and `minChangePercent` choose the `rate.changed` events sent. Your plan caps the number of endpoints (403 `webhook-endpoint-limit-reached`, naming the plan that allows more in `requiredPlan`). Needs a key with the `webhooks` scope; management calls are not metered.',
  })
  @ApiCreatedResponse({ type: CreatedWebhookEndpointDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ...WEBHOOK_URL_PROBLEMS,
    ErrorCode.WebhookEndpointLimitReached,
    ...WEBHOOK_KEY_PROBLEMS,
  )
  create(
    @KeyOwner() userId: string,
    @Body() body: CreateWebhookBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreatedWebhookEndpoint> {
    // The secret is in this answer only: no cache on the way may keep it.
    void reply.header('Cache-Control', 'no-store');
    return this.webhooks.create(userId, body);
  }

  @Patch(':id')
  @ApiOperation({
    operationId: 'updateWebhook',
    summary: "Change an endpoint's URL, description, events, pairs or minimum change, or disable / enable it",
    description:
      'Only the fields sent change. `enabled: false` stops sending to it; `enabled: true` starts again (also after the worker disabled it for repeated failure). The URL rules of creation apply. Needs a key with the `webhooks` scope; management calls are not metered.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The endpoint id' })
  @ApiOkResponse({ type: WebhookEndpointAnswerDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ...WEBHOOK_URL_PROBLEMS,
    ErrorCode.WebhookEndpointNotFound,
    ...WEBHOOK_KEY_PROBLEMS,
  )
  update(
    @KeyOwner() userId: string,
    @Param('id', endpointId) id: string,
    @Body() body: UpdateWebhookBody,
  ): Promise<{ endpoint: WebhookEndpointView }> {
    return this.webhooks.update(userId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteWebhook',
    summary: 'Delete an endpoint and its delivery log',
    description:
      "Another account's endpoint, or an id that is none, is the same 404 `webhook-endpoint-not-found`. Needs a key with the `webhooks` scope; management calls are not metered.",
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The endpoint id' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblems(ErrorCode.WebhookEndpointNotFound, ...WEBHOOK_KEY_PROBLEMS)
  async remove(@KeyOwner() userId: string, @Param('id', endpointId) id: string): Promise<void> {
    await this.webhooks.remove(userId, id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'testWebhook',
    summary: 'Send a signed test event to an endpoint',
    description:
      'An event of the endpoint\'s first type whose `data` is `{"test": true, …}`, signed and retried as any other; its delivery is in the log. Not metered. Needs a key with the `webhooks` scope; management calls are not metered.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The endpoint id' })
  @ApiAcceptedResponse({ type: WebhookDeliveryAnswerDto })
  @ApiProblems(ErrorCode.WebhookEndpointNotFound, ...WEBHOOK_KEY_PROBLEMS)
  test(
    @KeyOwner() userId: string,
    @Param('id', endpointId) id: string,
  ): Promise<{ delivery: WebhookDeliveryView }> {
    return this.webhooks.test(userId, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: "An endpoint's delivery log, newest first",
    description:
      'Each event sent to it, with its attempts, the last status or error and the next attempt. `nextCursor` is the cursor of the following page, null on the last. Needs a key with the `webhooks` scope; management calls are not metered.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The endpoint id' })
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.InvalidCursor,
    ErrorCode.WebhookEndpointNotFound,
    ...WEBHOOK_KEY_PROBLEMS,
  )
  deliveries(
    @KeyOwner() userId: string,
    @Param('id', endpointId) id: string,
    @Query() query: ListDeliveriesQuery,
  ): Promise<WebhookDeliveryPage> {
    return this.webhooks.deliveries(userId, id, query.limit ?? DELIVERIES_PAGE_DEFAULT_LIMIT, query.cursor);
  }

  @Post(':id/deliveries/:deliveryId/replay')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'replayWebhookDelivery',
    summary: "Send a delivery's event again",
    description:
      'A new delivery of the same event (same `webhook-id`: receivers de-duplicate on it), retried as any other. Replays are not metered. Needs a key with the `webhooks` scope; management calls are not metered.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The endpoint id' })
  @ApiParam({ name: 'deliveryId', format: 'uuid', description: 'The delivery id from the log' })
  @ApiAcceptedResponse({ type: WebhookDeliveryAnswerDto })
  @ApiProblems(ErrorCode.WebhookEndpointNotFound, ErrorCode.WebhookDeliveryNotFound, ...WEBHOOK_KEY_PROBLEMS)
  replay(
    @KeyOwner() userId: string,
    @Param('id', endpointId) id: string,
    @Param('deliveryId', deliveryId) delivery: string,
  ): Promise<{ delivery: WebhookDeliveryView }> {
    return this.webhooks.replay(userId, id, delivery);
  }
}
