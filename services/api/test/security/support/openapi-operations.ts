import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';

/** One operation of the OpenAPI document: "GET /api/keys" and the credentials it asks for. */
export interface Operation {
  method: string;
  path: string;
  /** Names of the security schemes it accepts (bearer, apiKey, session, refresh), none if public. */
  schemes: string[];
}

interface OperationObject {
  security?: Record<string, string[]>[];
}

/** Every operation the served OpenAPI document (/api/docs-json) lists. */
export async function documentedOperations(app: NestFastifyApplication): Promise<Operation[]> {
  const doc = (await request(app.getHttpServer()).get('/api/docs-json').expect(200)).body as {
    paths: Record<string, Record<string, OperationObject>>;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      schemes: (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
    })),
  );
}

export const nameOf = (operation: { method: string; path: string }) =>
  `${operation.method} ${operation.path}`;
