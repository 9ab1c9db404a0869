import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '@fxrates/config';
import { PAYPAL_PROVIDERS } from '@fxrates/paypal';
import { QUEUES } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { SubscriptionSync } from '../billing/subscription-sync';
import { UpgradePaymentsSweep } from '../billing/upgrade-payments-sweep';
import { infrastructureImports, infrastructureProviders } from '../worker-infrastructure';
import { WORKER_REDIS } from '../worker.tokens';
import { SubscriptionReconciler } from './subscription-reconciler';

/** Just what reconciling needs: no processors, so running it never takes jobs from the workers. */
@Module({})
export class ReconcileModule implements OnApplicationShutdown {
  constructor(@Inject(WORKER_REDIS) private readonly redis: Redis) {}

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ReconcileModule,
      imports: [...infrastructureImports(config), BullModule.registerQueue({ name: QUEUES.paypalWebhooks })],
      providers: [
        ...infrastructureProviders(config),
        ...PAYPAL_PROVIDERS,
        SubscriptionSync,
        UpgradePaymentsSweep,
        SubscriptionReconciler,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
