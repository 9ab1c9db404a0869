import { JOBS, QUEUES, webhookFanOutJobId } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { WebhooksRepository } from '@fxrates/db';
import { until } from './support/waiting';
import { WebhookReceiver } from './support/webhook-receiver';
import { anEvent, WebhooksWorld } from './support/webhooks-world';
import {
  FAST_RECOVERY,
  killAll,
  queueOf,
  startWorkerProcess,
  type WorkerProcess,
} from './support/worker-processes';

const SETTINGS = {
  ...FAST_RECOVERY,
  WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'true',
  WEBHOOKS_RETRY_DELAYS_MS: '100,100',
};

describe('worker: SIGKILL mid-delivery, the event is still delivered (at least once)', () => {
  let receiver: WebhookReceiver;
  let world: WebhooksWorld;
  let workers: WorkerProcess[] = [];
  let queue: Queue;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    // The API only: the worker that takes the delivery first is a process of its own, to kill.
    world = await WebhooksWorld.start(SETTINGS, { worker: false });
    queue = queueOf(world.config, QUEUES.webhooks);
    // The same secrets as the API's: the worker opens the signing secret the API sealed.
    workers = [
      await startWorkerProcess(world.config, {
        ...SETTINGS,
        API_KEY_HASH_SECRET: world.config.keys.hashSecret,
      }),
    ];
  }, 60_000);
  afterAll(async () => {
    await killAll(workers);
    await queue.close();
    await world.close();
    await receiver.close();
  });

  it('sends the event again with the same webhook-id from the worker that takes the stalled job over', async () => {
    const owner = await world.account();
    const endpoint = await world.endpoint(owner, {
      url: receiver.url('/killed'),
      events: ['alert.triggered'],
    });
    receiver.answers = ['hold']; // the first attempt never gets its answer
    const event = anEvent('alert.triggered', { alertId: 'a-kill' });

    await queue.add(
      JOBS.fanOutWebhookEvent,
      { event, audience: { userId: owner.userId } },
      { jobId: webhookFanOutJobId(event.id) },
    );
    await until(() => receiver.to('/killed').length === 1, 30_000);
    workers[0].child.kill('SIGKILL');
    expect((await workers[0].exited).signal).toBe('SIGKILL');

    // Another worker takes the stalled job once its lock expires, and delivers it.
    await world.addWorker();
    const [delivery] = await world.settled(endpoint.id, 1, 30_000);

    const attempts = receiver.to('/killed');
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(
        new Webhook(endpoint.secret).verify(attempt.body, attempt.headers as Record<string, string>),
      ).toEqual(event);
      expect(attempt.headers['webhook-id']).toBe(event.id);
    }
    expect(delivery).toMatchObject({ status: 'delivered', lastStatus: 200 });
    expect(
      await new WebhooksRepository(world.em()).meteredOn(owner.userId, new Date().toISOString().slice(0, 10)),
    ).toBe(1);
  }, 60_000);
});
