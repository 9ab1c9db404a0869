import type { FastifyReply } from 'fastify';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  ErrorCode,
  KEYS_PAGE_DEFAULT_LIMIT,
  MAX_DISABLED_KEYS_PER_USER,
  type ApiKeyPage,
  type ApiKeyView,
  type CreatedApiKey,
} from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser, RequiresRecentSignIn, RequiresVerifiedEmail } from '../auth';
import { JwtAuthGuard } from '../auth';
import type { AuthenticatedUser } from '../auth';
import { ApiKeyDto, ApiKeyPageDto, CreatedApiKeyDto } from './dto/api-key.response';
import { CreateKeyBody } from './dto/create-key.body';
import { RollKeyBody } from './dto/roll-key.body';
import { UpdateKeyBody } from './dto/update-key.body';
import { RequestOrigin, type ClientOrigin } from '../audit';
import { ListDisabledKeysQuery } from './dto/list-disabled-keys.query';
import { ListKeysQuery } from './dto/list-keys.query';
import { KeysService } from './keys.service';

/** An id that is not a UUID cannot name a key of the caller's: the same 404 as any other. */
const keyId = new ParseUUIDPipe({
  exceptionFactory: () =>
    new AppException(ErrorCode.KeyNotFound, 'No API key with this id belongs to your account.'),
});

@ApiTags('keys')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('keys')
export class KeysController {
  constructor(private readonly keys: KeysService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create an API key; the full key is in this response only',
    description:
      'We keep only a hash of the key: it cannot be shown again. At most 10 active keys; creations are limited per user and hour (429 `rate-limited` with Retry-After). Its kind, scopes, networks, origins, monthly cap and expiry may be given here; all but the kind can be changed later.',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.TooManyKeys,
    ErrorCode.RateLimited,
  )
  @RequiresVerifiedEmail()
  @RequiresRecentSignIn()
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateKeyBody,
    @RequestOrigin() from: ClientOrigin,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreatedApiKey> {
    // The full key is in this answer only: no cache on the way may keep it.
    void reply.header('Cache-Control', 'no-store');
    return this.keys.create(user.userId, body, from);
  }

  @Patch(':id')
  @ApiOperation({
    operationId: 'updateApiKey',
    summary: "Change a key's name, scopes, networks, origins, monthly cap or expiry",
    description:
      'Only the fields sent change. Every API instance applies the change within a second. A publishable key keeps read-only scopes and at least one origin; a deactivated key cannot be changed.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The key id from listApiKeys' })
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.Unauthorized, ErrorCode.KeyNotFound)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', keyId) id: string,
    @Body() body: UpdateKeyBody,
    @RequestOrigin() from: ClientOrigin,
  ): Promise<ApiKeyView> {
    return this.keys.update(user.userId, id, body, from);
  }

  @Post(':id/roll')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rollApiKey',
    summary: 'Give a key a new secret; the new secret is in this response only',
    description:
      'The key keeps its id, name, restrictions and usage. The secret it replaces keeps working for `overlapHours` (at most 7 days; `retiring` says until when), then is refused with 401 `api-key-rolled`.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The key id from listApiKeys' })
  @ApiOkResponse({ type: CreatedApiKeyDto })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.Unauthorized, ErrorCode.KeyNotFound)
  @RequiresRecentSignIn()
  roll(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', keyId) id: string,
    @Body() body: RollKeyBody,
    @RequestOrigin() from: ClientOrigin,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreatedApiKey> {
    void reply.header('Cache-Control', 'no-store');
    return this.keys.roll(user.userId, id, body.overlapHours, from);
  }

  @Get()
  @ApiOperation({
    operationId: 'listApiKeys',
    summary: 'List your active or disabled keys (masked)',
    description: `Newest first, each with its prefix and last 4 characters, its calls and when it was last used. Disabled keys: the newest ${MAX_DISABLED_KEYS_PER_USER} at most (older ones are deleted); page them with listDisabledApiKeys.`,
  })
  @ApiOkResponse({ type: ApiKeyDto, isArray: true })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.Unauthorized)
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: ListKeysQuery): Promise<ApiKeyView[]> {
    return this.keys.list(user.userId, query.status ?? 'active');
  }

  @Get('disabled')
  @ApiOperation({
    operationId: 'listDisabledApiKeys',
    summary: 'List your disabled keys a page at a time (masked)',
    description: `Newest first. \`next\` (also a \`Link: <…>; rel="next"\` header) is the cursor of the following page, null on the last. Beyond the newest ${MAX_DISABLED_KEYS_PER_USER} disabled keys the longest-disabled are deleted; their calls stay in the usage history.`,
  })
  @ApiOkResponse({ type: ApiKeyPageDto })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.InvalidCursor, ErrorCode.Unauthorized)
  async listDisabled(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ListDisabledKeysQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiKeyPage> {
    const limit = query.limit ?? KEYS_PAGE_DEFAULT_LIMIT;
    const page = await this.keys.listDisabled(user.userId, limit, query.cursor);
    if (page.next) {
      const next = new URLSearchParams({ limit: String(limit), cursor: page.next });
      void reply.header('Link', `</api/keys/disabled?${next}>; rel="next"`);
    }
    return page;
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'disableApiKey',
    summary: 'Deactivate a key; it stops working on every API instance within a second',
    description: "Another user's key, or an id that is no key, is the same 404 `key-not-found`.",
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The key id from listApiKeys' })
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiProblems(ErrorCode.Unauthorized, ErrorCode.KeyNotFound)
  disable(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', keyId) id: string,
    @RequestOrigin() from: ClientOrigin,
  ): Promise<ApiKeyView> {
    return this.keys.disable(user.userId, id, from);
  }
}
