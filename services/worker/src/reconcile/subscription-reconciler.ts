import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Subscription } from '@fxrates/db';
import { SubscriptionSync, type SyncOutcome } from '../billing/subscription-sync';
import { UpgradePaymentsSweep } from '../billing/upgrade-payments-sweep';
import { createProgressBar, type ProgressOutput } from '../cli/progress-bar';

export type ReconcileSummary = Record<SyncOutcome | 'failed', number> & {
  total: number;
  /** Upgrade payments PayPal captured that were never recorded here, recorded now. */
  upgradesRecovered: number;
  /** Users still on a paid plan past the end of what they paid for, moved to free. */
  lapsed: number;
};

/**
 * Re-reads every subscription we hold as active or suspended from PayPal and applies what PayPal
 * says (the same sync, with the same checks of plan, price and owner, as the webhooks), so missed or
 * lost webhooks leave no drift; then ends the paid plans whose period is over (the hourly sweep, run at once).
 */
@Injectable()
export class SubscriptionReconciler {
  constructor(
    private readonly em: EntityManager,
    private readonly sync: SubscriptionSync,
    private readonly upgradePayments: UpgradePaymentsSweep,
  ) {}

  async run(output: ProgressOutput): Promise<ReconcileSummary> {
    const rows = await this.em
      .fork()
      .find(
        Subscription,
        { paypalSubscriptionId: { $ne: null }, status: { $in: ['active', 'suspended'] } },
        { fields: ['paypalSubscriptionId'], orderBy: { createdAt: 'asc', id: 'asc' } },
      );
    const summary: ReconcileSummary = {
      total: rows.length,
      applied: 0,
      stale: 0,
      unknown: 0,
      refused: 0,
      failed: 0,
      lapsed: 0,
      upgradesRecovered: 0,
    };
    const bar = createProgressBar(output);
    const detail = (done: number, note: string) => ({ detail: `${done}/${rows.length}  ${note}` });
    // An empty run is complete: a total of 0 would show an unknown one.
    bar.start(Math.max(1, rows.length), rows.length === 0 ? 1 : 0, detail(0, ''));
    try {
      for (const [index, row] of rows.entries()) {
        const id = row.paypalSubscriptionId!;
        let outcome: SyncOutcome | 'failed';
        try {
          outcome = await this.sync.sync(id);
        } catch (error) {
          outcome = 'failed';
          // On a terminal, over the bar's line; the bar is drawn again below at its next update.
          output.write(`${output.isTTY ? '\r\x1b[K' : ''}${id}: ${(error as Error).message}\n`);
        }
        summary[outcome] += 1;
        bar.update(index + 1, detail(index + 1, `${id} ${outcome}`));
      }
    } finally {
      bar.stop();
    }
    summary.upgradesRecovered = (await this.upgradePayments.run()).recovered;
    summary.lapsed = await this.sync.endLapsedPlans();
    output.write(
      `Reconciled ${summary.total}: ${summary.applied} applied, ${summary.stale} unchanged (newer here), ${summary.unknown} unknown at PayPal, ${summary.refused} refused (not our plan at our price for its user), ${summary.failed} failed; ${summary.upgradesRecovered} upgrade payment(s) captured at PayPal recorded; ${summary.lapsed} lapsed plan(s) ended\n`,
    );
    return summary;
  }
}
