import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, type ApiKeyView, type CreatedApiKey } from '@fxrates/domain';
import { AppException } from '../../common/app-exception';
import { ApiProblemResponses } from '../../common/openapi';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/jwt.strategy';
import { ApiKeyDto, CreatedApiKeyDto } from './dto/api-key.response';
import { CreateKeyBody } from './dto/create-key.body';
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
  @ApiOperation({ summary: 'Create an API key; the full key is in this response only' })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @ApiProblemResponses(400, 401, 409)
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateKeyBody): Promise<CreatedApiKey> {
    return this.keys.create(user.userId, body.name);
  }

  @Get()
  @ApiOperation({ summary: 'List your active or disabled keys (masked)' })
  @ApiOkResponse({ type: ApiKeyDto, isArray: true })
  @ApiProblemResponses(400, 401)
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: ListKeysQuery): Promise<ApiKeyView[]> {
    return this.keys.list(user.userId, query.status ?? 'active');
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deactivate a key; it stops working on every API instance within a second' })
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiProblemResponses(401, 404)
  disable(@CurrentUser() user: AuthenticatedUser, @Param('id', keyId) id: string): Promise<ApiKeyView> {
    return this.keys.disable(user.userId, id);
  }
}
