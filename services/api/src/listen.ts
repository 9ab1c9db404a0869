import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@fxrates/config';
import type { AddressInfo } from 'node:net';

/**
 * How main.ts puts the API on the network: on the configured interface only (loopback in
 * development and test unless API_HOST says otherwise), so tests can prove where it listens.
 */
export async function listen(app: NestFastifyApplication, config: AppConfig): Promise<AddressInfo> {
  await app.listen(config.api.port, config.api.host);
  return app.getHttpServer().address() as AddressInfo;
}
