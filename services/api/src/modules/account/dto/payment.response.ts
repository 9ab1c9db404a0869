import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  PLAN_IDS,
  type AccountPayment,
  type AccountPaymentKind,
  type AccountPaymentPage,
  type AccountPaymentStatus,
  type BillingCycle,
  type PaymentReceipt,
  type PlanId,
} from '@fxrates/domain';

const MONEY = { pattern: '^\\d+\\.\\d{2}$', example: '516.00' } as const;

@ApiSchema({ name: 'AccountPayment' })
export class AccountPaymentDto implements AccountPayment {
  @ApiProperty({
    format: 'uuid',
    description: 'Our reference: the receipt number, and the invoice_id at PayPal',
  })
  id!: string;
  @ApiProperty({ format: 'date-time', description: 'When PayPal took the money' }) paidAt!: string;
  @ApiProperty({
    enum: ['subscription', 'upgrade'],
    description:
      'subscription: a recurring charge of the subscription (its first payment or a renewal); upgrade: the prorated difference paid to move to a dearer plan for the rest of the period. More kinds may be added',
  })
  kind!: AccountPaymentKind;
  @ApiProperty({ enum: ['paid', 'refunded'] }) status!: AccountPaymentStatus;
  @ApiProperty({ enum: PLAN_IDS, description: 'The plan paid for' }) plan!: PlanId;
  @ApiProperty({ enum: ['monthly', 'annual'] }) billingCycle!: BillingCycle;
  @ApiProperty({ format: 'date-time', description: 'Start of the time paid for' }) periodStart!: string;
  @ApiProperty({ format: 'date-time', description: 'End of the time paid for' }) periodEnd!: string;
  @ApiProperty({ ...MONEY, description: 'What PayPal captured: a decimal string in major units' })
  amount!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({
    example: '3C679366HH908993F',
    description: "PayPal's transaction id (a capture's or a sale's)",
  })
  paypalTransactionId!: string;
}

@ApiSchema({ name: 'AccountPaymentPage' })
export class AccountPaymentPageDto implements AccountPaymentPage {
  @ApiProperty({ type: AccountPaymentDto, isArray: true, description: 'Newest first' })
  data!: AccountPaymentDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Cursor of the next page (pass it as `cursor`), null on the last page',
    example: 'MTc2NDMzMjQwMDAwMC4wYjZjMWUyZC0zYTRiLTRjNWQtOGU3Zi05YTBiMWMyZDNmOWE',
  })
  next!: string | null;
}

@ApiSchema({ name: 'ReceiptCustomer' })
class ReceiptCustomerDto {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Analytical Engines Ltd' }) company!: string | null;
  @ApiProperty() email!: string;
}

@ApiSchema({ name: 'PaymentReceipt' })
export class PaymentReceiptDto extends AccountPaymentDto implements PaymentReceipt {
  @ApiProperty({
    type: ReceiptCustomerDto,
    description: 'Whom the receipt is made out to, as the account is now',
  })
  customer!: ReceiptCustomerDto;
}
