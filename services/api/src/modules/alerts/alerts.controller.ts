import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorCode, type RateAlertList, type RateAlertView } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser, JwtAuthGuard, type AuthenticatedUser } from '../auth';
import {
  alertNotFound,
  AlertsService,
  DEFAULT_COOLDOWN_MINUTES,
  DEFAULT_HYSTERESIS_PERCENT,
} from './alerts.service';
import { CreateAlertBody } from './dto/create-alert.body';
import { RateAlertEnvelopeDto, RateAlertListDto } from './dto/rate-alert.response';
import { UpdateAlertBody } from './dto/update-alert.body';

/** An id that is not a UUID cannot name an alert of the caller's: the same 404 as any other. */
const alertId = new ParseUUIDPipe({ exceptionFactory: alertNotFound });

const ALERT_ID_PARAM = {
  name: 'id',
  format: 'uuid',
  description: 'The alert id from listRateAlerts',
} as const;

@ApiTags('alerts')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listRateAlerts',
    summary: 'List your rate alerts, with the most your plan may keep',
    description: 'Newest first, each with its state (`armed` or `triggered`) and its last firing.',
  })
  @ApiOkResponse({ type: RateAlertListDto })
  @ApiProblems(ErrorCode.Unauthorized)
  list(@CurrentUser() user: AuthenticatedUser): Promise<RateAlertList> {
    return this.alerts.list(user.userId);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createRateAlert',
    summary: 'Create a rate alert: a pair above or below a level, or a change of N % over a window',
    description: `Fires once per crossing, by email (to your verified address) or as an \`alert.triggered\` webhook event; re-arms once the rate is back past \`hysteresisPercent\` (default ${DEFAULT_HYSTERESIS_PERCENT}) and fires again no sooner than \`cooldownMinutes\` (default ${DEFAULT_COOLDOWN_MINUTES}) after the last firing. Levels and percentages are decimal strings, compared exactly at the pair's precision (4 decimals for fiat, 8 with crypto or a metal). Your plan fixes how many alerts you may keep (403 \`rate-alert-limit-reached\`) and which currencies (403 \`plan-upgrade-required\`).`,
  })
  @ApiCreatedResponse({ type: RateAlertEnvelopeDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.UnknownCurrency,
    ErrorCode.Unauthorized,
    ErrorCode.PlanUpgradeRequired,
    ErrorCode.RateAlertLimitReached,
    ErrorCode.AlertEmailNotVerified,
    ErrorCode.AlertWebhookMissing,
  )
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateAlertBody,
  ): Promise<{ alert: RateAlertView }> {
    return { alert: await this.alerts.create(user.userId, body) };
  }

  @Patch(':id')
  @ApiOperation({
    operationId: 'updateRateAlert',
    summary: 'Pause or resume a rate alert, or change its threshold, hysteresis, cooldown or channel',
    description:
      "Only the fields sent change; the pair and the condition stay. A new level, percentage or window re-arms the alert. Another user's alert, or an id that is no alert, is the same 404 `rate-alert-not-found`.",
  })
  @ApiParam(ALERT_ID_PARAM)
  @ApiOkResponse({ type: RateAlertEnvelopeDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.RateAlertNotFound,
    ErrorCode.AlertEmailNotVerified,
    ErrorCode.AlertWebhookMissing,
  )
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', alertId) id: string,
    @Body() body: UpdateAlertBody,
  ): Promise<{ alert: RateAlertView }> {
    return { alert: await this.alerts.update(user.userId, id, body) };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteRateAlert',
    summary: 'Delete a rate alert',
    description: "A firing already on its way is still delivered. Another user's alert is the same 404.",
  })
  @ApiParam(ALERT_ID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblems(ErrorCode.Unauthorized, ErrorCode.RateAlertNotFound)
  delete(@CurrentUser() user: AuthenticatedUser, @Param('id', alertId) id: string): Promise<void> {
    return this.alerts.delete(user.userId, id);
  }
}
