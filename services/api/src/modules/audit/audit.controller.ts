import type { FastifyReply } from 'fastify';
import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AUDIT_EVENTS_KEPT_PER_ACCOUNT } from '@fxrates/db';
import { ErrorCode, type AuditPage } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser, JwtAuthGuard, type AuthenticatedUser } from '../auth';
import { AuditService } from './audit.service';
import { AuditPageDto } from './dto/audit-page.response';
import { AUDIT_PAGE_DEFAULT_LIMIT, ListAuditEventsQuery } from './dto/list-audit-events.query';

/** The signed-in account's audit log. */
@ApiTags('account')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('account/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({
    operationId: 'listAuditEvents',
    summary: "The account's audit log, newest first, a page at a time",
    description: `Keys created, rolled, restricted and disabled, plan changes and sign-ins: who (the user by their address, or the system acting on PayPal's word), when, from which address and browser. \`next\` (also a \`Link: <…>; rel="next"\` header) is the cursor of the following page, null on the last. The newest ${AUDIT_EVENTS_KEPT_PER_ACCOUNT.toLocaleString('en')} events of an account are kept.`,
  })
  @ApiOkResponse({ type: AuditPageDto })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.InvalidCursor, ErrorCode.Unauthorized)
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ListAuditEventsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditPage> {
    const limit = query.limit ?? AUDIT_PAGE_DEFAULT_LIMIT;
    const page = await this.audit.page(user.userId, limit, query.cursor);
    if (page.next) {
      const next = new URLSearchParams({ limit: String(limit), cursor: page.next });
      void reply.header('Link', `</api/account/audit?${next}>; rel="next"`);
    }
    return page;
  }
}
