import { ApiProperty } from '@nestjs/swagger';
import type { AccountSessionView } from '@fxrates/domain';

export class AccountSessionDto implements AccountSessionView {
  @ApiProperty({ format: 'uuid', description: 'Opaque id of the session, for signing it out' })
  id!: string;

  @ApiProperty({
    example: 'Chrome 131 on macOS',
    description: 'Browser and system, read from the User-Agent',
  })
  browser!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'London, United Kingdom',
    description: 'Where the network of its last address is registered; null when not known',
  })
  place!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '203.0.113.0/24',
    description: 'The network of its last address (IPv4 /24, IPv6 /48), never the address itself',
  })
  network!: string | null;

  @ApiProperty({ format: 'date-time', description: 'When it signed in' })
  createdAt!: string;

  @ApiProperty({
    format: 'date-time',
    description: 'Its last refresh or signed-in call (recorded at most every 5 minutes)',
  })
  lastUsedAt!: string;

  @ApiProperty({ description: 'The session this request came with' })
  current!: boolean;
}
