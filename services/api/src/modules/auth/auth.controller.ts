import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import type { AuthResponse, CurrentUser as CurrentUserView } from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblemResponses } from '../../common/openapi';
import { AuthService, type SignIn } from './auth.service';
import { CurrentUser } from './current-user.decorator';
import { AuthResponseDto, CurrentUserDto } from './dto/auth.response';
import { LoginBody } from './dto/login.body';
import { RegisterBody } from './dto/register.body';
import { JwtAuthGuard } from './jwt-auth.guard';
import type { AuthenticatedUser } from './jwt.strategy';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Create an account; signs in (access token in the body, refresh token in a cookie). Throttled per IP',
  })
  @ApiCreatedResponse({ type: AuthResponseDto })
  @ApiProblemResponses(400, 409, 429)
  async register(
    @Body() body: RegisterBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    return this.respond(await this.auth.register(body, request.ip), request, reply);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password (throttled per account and per IP)' })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiProblemResponses(400, 401, 429)
  async login(
    @Body() body: LoginBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    return this.respond(await this.auth.login(body, request.ip), request, reply);
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiCookieAuth('refresh')
  @ApiOperation({ summary: 'Rotate the refresh cookie and get a new access token' })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiProblemResponses(401)
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    try {
      return this.respond(await this.auth.refresh(readRefreshCookie(request)), request, reply);
    } catch (error) {
      clearRefreshCookie(this.config, request, reply);
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(204)
  @ApiCookieAuth('refresh')
  @ApiOperation({ summary: 'Sign out: revoke this sign-in everywhere it was refreshed and clear the cookie' })
  @ApiNoContentResponse()
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.auth.logout(readRefreshCookie(request));
    clearRefreshCookie(this.config, request, reply);
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth('bearer')
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: CurrentUserDto })
  @ApiProblemResponses(401)
  me(@CurrentUser() user: AuthenticatedUser): Promise<CurrentUserView> {
    return this.auth.me(user.userId);
  }

  private respond(signIn: SignIn, request: FastifyRequest, reply: FastifyReply): AuthResponse {
    setRefreshCookie(this.config, request, reply, signIn.refresh.token, signIn.refresh.expiresAt);
    void reply.header('Cache-Control', 'no-store');
    return signIn.body;
  }
}
