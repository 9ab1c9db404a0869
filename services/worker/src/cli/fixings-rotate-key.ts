import 'reflect-metadata';
import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, loadConfigOrExit, PinoNestLogger, type AppConfig } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { FixingSigningKeys } from '../fixings';
import { infrastructureImports, infrastructureProviders } from '../worker-infrastructure';
import { WORKER_REDIS } from '../worker.tokens';

/** Just the signing keys: no processors, so rotating never takes jobs from the workers. */
@Module({})
class FixingKeysModule implements OnApplicationShutdown {
  constructor(@Inject(WORKER_REDIS) private readonly redis: Redis) {}

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: FixingKeysModule,
      imports: infrastructureImports(config),
      providers: [...infrastructureProviders(config), FixingSigningKeys],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * `npm run fixings:rotate-key`: retires the active fixing signing key (it stays in
 * /.well-known/jwks.json, so the fixings it signed still verify) and makes a new one, which signs
 * every fixing from then on.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(FixingKeysModule.forRoot(config), {
    logger: new PinoNestLogger(createLogger('warn', 'fixings-rotate-key')),
  });
  try {
    const { retired, kid } = await app.get(FixingSigningKeys).rotate();
    process.stdout.write(
      `${retired ? `Retired ${retired} (still published). ` : ''}New fixing signing key: ${kid}\n`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`Key rotation failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
