import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  type ChangeEmailRequest,
  type ConfirmEmailChangeRequest,
  type EmailChangeStatus,
} from '@fxrates/domain';
import { EmailField, LinkTokenField, CurrentPasswordField } from './fields';

@ApiSchema({ name: 'ChangeEmailRequest' })
export class ChangeEmailBody implements ChangeEmailRequest {
  /** Normalised as at sign-up (trimmed, lower-cased): the address the account would sign in with. */
  @EmailField()
  newEmail!: string;

  @CurrentPasswordField()
  currentPassword!: string;
}

@ApiSchema({ name: 'ConfirmEmailChangeRequest' })
export class ConfirmEmailChangeBody implements ConfirmEmailChangeRequest {
  @LinkTokenField('email sent to the new address')
  token!: string;
}

@ApiSchema({ name: 'EmailChangeStatus' })
export class EmailChangeStatusDto implements EmailChangeStatus {
  @ApiProperty({ example: 'ada@example.com', description: 'The address the account signs in with' })
  email!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'ada@new.example',
    description: 'The new address a link was mailed to, until it is opened or expires',
  })
  pendingEmail!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When that link stops working',
  })
  pendingExpiresAt!: string | null;
}
