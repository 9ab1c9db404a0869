import { Injectable } from '@nestjs/common';
import type { CurrentUser } from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';
import { SignInLog } from '../auth';
import { AuditLog } from './audit-log';
import { originOf } from './request-origin';

/** Auth's SignInLog: each completed sign-in is a `signed-in` event, from the request's address and browser. */
@Injectable()
export class AuditedSignIns extends SignInLog {
  constructor(private readonly audit: AuditLog) {
    super();
  }

  signedIn(user: CurrentUser, request: FastifyRequest): Promise<void> {
    return this.audit.record({
      userId: user.uid,
      action: 'signed-in',
      actor: { type: 'user', email: user.email },
      ...originOf(request),
    });
  }
}
