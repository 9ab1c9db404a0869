import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { CheckResult, Readiness } from '../health.service';

@ApiSchema({ name: 'Liveness' })
export class LivenessDto {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
}

@ApiSchema({ name: 'DependencyCheck' })
class CheckResultDto implements CheckResult {
  @ApiProperty({ enum: ['up', 'down'] }) status!: 'up' | 'down';
  @ApiProperty({ type: 'integer', minimum: 0, example: 2, description: 'How long the check took' })
  latencyMs!: number;
  @ApiPropertyOptional({ example: 'timeout of 2000ms exceeded', description: 'Why it is down' })
  error?: string;
}

@ApiSchema({ name: 'DependencyChecks' })
class ChecksDto {
  @ApiProperty({ type: CheckResultDto }) database!: CheckResultDto;
  @ApiProperty({ type: CheckResultDto }) redis!: CheckResultDto;
}

@ApiSchema({ name: 'RatesInService' })
class RatesInServiceDto {
  @ApiProperty({ description: 'Version of the rates table in memory' }) version!: string;
  @ApiProperty({ example: 'bundled-snapshot' }) source!: string;
  @ApiProperty({ example: '2026-11-24', description: 'Day the newest rates belong to' }) date!: string;
}

@ApiSchema({ name: 'Readiness' })
export class ReadinessDto implements Readiness {
  @ApiProperty({ enum: ['ok', 'error', 'draining'], description: '`draining`: shutting down (SIGTERM)' })
  status!: 'ok' | 'error' | 'draining';
  @ApiProperty({ type: ChecksDto }) checks!: ChecksDto;
  @ApiProperty({ type: RatesInServiceDto }) rates!: RatesInServiceDto;
}
