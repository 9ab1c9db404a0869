import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ContactAccepted' })
export class ContactAcceptedDto {
  @ApiProperty({ enum: [true] }) success!: true;
}
