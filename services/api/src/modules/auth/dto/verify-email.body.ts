import { ApiSchema } from '@nestjs/swagger';
import type { VerifyEmailRequest } from '@fxrates/domain';
import { LinkTokenField } from './fields';

@ApiSchema({ name: 'VerifyEmailRequest' })
export class VerifyEmailBody implements VerifyEmailRequest {
  @LinkTokenField('verification email')
  token!: string;
}
