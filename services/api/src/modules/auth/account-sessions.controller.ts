import { Controller, Delete, Get, HttpCode, Param, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorCode, type AccountSessionView } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
import { AccountSessionsService } from './account-sessions.service';
import { CurrentUser } from './current-user.decorator';
import { AccountSessionDto } from './dto/account-session.response';
import { JwtAuthGuard } from './jwt-auth.guard';
import type { AuthenticatedUser } from './jwt.strategy';
import { SameOriginGuard } from './same-origin.guard';

/** The signed-in account's sessions: listed, and signed out one by one or all others. */
@ApiTags('account')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('account/sessions')
export class AccountSessionsController {
  constructor(private readonly sessions: AccountSessionsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listAccountSessions',
    summary: 'The signed-in sessions of the account, the most recently used first',
    description:
      'Each active session (signed in, not signed out, not expired) with its browser, where the network of its last address is registered, when it signed in and when it was last used; `current` marks the one this request came with.',
  })
  @ApiOkResponse({ type: AccountSessionDto, isArray: true })
  @ApiProblems(ErrorCode.Unauthorized)
  list(@CurrentUser() user: AuthenticatedUser): Promise<AccountSessionView[]> {
    return this.sessions.list(user.userId, user.sessionId);
  }

  @Delete()
  @HttpCode(204)
  @UseGuards(SameOriginGuard)
  @ApiOperation({
    operationId: 'signOutOtherSessions',
    summary: 'Sign out every session of the account but this one',
    description:
      'Their refresh tokens stop working and their access tokens are refused at once, on every instance. A browser page of another origin (Origin, Sec-Fetch-Site) is refused: 403 `origin-not-allowed`.',
  })
  @ApiNoContentResponse({ description: 'Every other session is signed out' })
  @ApiProblems(ErrorCode.Unauthorized, ErrorCode.OriginNotAllowed)
  signOutOthers(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.sessions.signOutOthers(user.userId, user.sessionId);
  }

  @Delete(':id')
  @HttpCode(204)
  @UseGuards(SameOriginGuard)
  @ApiOperation({
    operationId: 'signOutSession',
    summary: 'Sign out one session of the account',
    description:
      "Its refresh token stops working and its access tokens are refused at once, on every instance. This session may be signed out too: that is signing out. Another user's session, or one that has ended, is 404 `session-not-found`. A browser page of another origin (Origin, Sec-Fetch-Site) is refused: 403 `origin-not-allowed`.",
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The session id from listAccountSessions' })
  @ApiNoContentResponse({ description: 'The session is signed out' })
  @ApiProblems(ErrorCode.SessionNotFound, ErrorCode.Unauthorized, ErrorCode.OriginNotAllowed)
  signOut(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    return this.sessions.signOut(user.userId, id);
  }
}
