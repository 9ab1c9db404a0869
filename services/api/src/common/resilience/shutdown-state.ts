import { Injectable, type OnModuleDestroy } from '@nestjs/common';

/**
 * Whether this process is shutting down. Set by Nest's first shutdown hook, on SIGTERM, before the
 * HTTP server stops accepting: from then on readiness answers 503 and every answer closes its
 * connection, so load balancers and keep-alive clients move to the other instances while the
 * requests in hand finish.
 */
@Injectable()
export class ShutdownState implements OnModuleDestroy {
  private shuttingDown = false;

  get draining(): boolean {
    return this.shuttingDown;
  }

  onModuleDestroy(): void {
    this.shuttingDown = true;
  }
}
