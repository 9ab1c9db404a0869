import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** A tree line of Fastify's printRoutes: its indentation, its path segment and its methods, if any. */
const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route Fastify's router holds, as "METHOD /path" with parameters as {name}, read from
 * `printRoutes` (each line a path segment under its parent, four characters of indentation a level).
 * Independent of the API's own route registry, so a route registered past it still shows.
 */
export function servedRoutes(app: NestFastifyApplication): string[] {
  const tree = app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const pathAt: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    pathAt.length = depth;
    pathAt[depth] = `${pathAt[depth - 1] ?? ''}${match[2]}`;
    const path = pathAt[depth].replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push(`${method} ${path}`);
  }
  return routes;
}

/**
 * Whether a served route (as servedRoutes names it) is `documented` ("METHOD /path" with {name}
 * parameters). Routes with a parameter at the same place under different names (/fixings/{id} and
 * /fixings/{cut}/{date}) share one node of Fastify's tree, printed `{cut}|{id}`: either name matches.
 */
export function servesDocumented(served: string, documented: string): boolean {
  const servedParts = served.split('/');
  const documentedParts = documented.split('/');
  return (
    servedParts.length === documentedParts.length &&
    servedParts.every(
      (part, i) => part === documentedParts[i] || part.split('|').includes(documentedParts[i]),
    )
  );
}
