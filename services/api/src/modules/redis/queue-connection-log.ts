import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ALL_QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';

/** A queue's connection errors are logged at most this often: one line per outage, not per retry. */
const WARN_EVERY_MS = 30_000;

/**
 * Listens to the connection errors of the queues this API adds jobs to. A BullMQ queue without an
 * `error` listener prints each reconnect attempt's error with its stack on the console while Redis
 * is away; an outage is expected and is told as one warning instead.
 */
@Injectable()
export class QueueConnectionLog implements OnModuleInit {
  private readonly logger = new Logger('QueueConnection');

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    for (const name of ALL_QUEUES) {
      const queue = this.registered(name);
      if (!queue) continue;
      let lastWarning = 0;
      queue.on('error', (error: Error) => {
        if (Date.now() - lastWarning < WARN_EVERY_MS) return;
        lastWarning = Date.now();
        this.logger.warn(`Queue "${name}" cannot reach Redis; retrying in the background: ${error.message}`);
      });
    }
  }

  private registered(name: string): Queue | undefined {
    try {
      return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
    } catch {
      return undefined; // not a queue this API adds to
    }
  }
}
