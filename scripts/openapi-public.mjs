// The public part of the API's OpenAPI document: the operations secured by `apiKey` (the metered rates
// API), the keyless status ones, and only the components they reach. What the SDK's types
// (scripts/generate-sdk.mjs) and the Postman collection (scripts/postman-collection.mjs) are made from.
const SECURITY_SCHEME = 'apiKey';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Public operations that need no key (the sources' status) but belong in the SDK all the same. */
const KEYLESS_TAGS = new Set(['status']);

const isPublic = (operation) =>
  (operation.security ?? []).some((requirement) => SECURITY_SCHEME in requirement) ||
  (operation.tags ?? []).some((tag) => KEYLESS_TAGS.has(tag));

/** Every `$ref` inside `node`, as `#/components/<kind>/<name>`. */
function* refsIn(node) {
  if (Array.isArray(node)) for (const item of node) yield* refsIn(item);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') yield value;
      else yield* refsIn(value);
    }
}

/** The document reduced to the public operations and the components they reach. */
export function publicDocument(document) {
  const paths = {};
  for (const [route, item] of Object.entries(document.paths)) {
    const kept = Object.entries(item).filter(([method, op]) => !METHODS.has(method) || isPublic(op));
    if (kept.some(([method]) => METHODS.has(method))) paths[route] = Object.fromEntries(kept);
  }
  const pending = [...refsIn(paths)];
  const reached = new Set();
  while (pending.length) {
    const ref = pending.pop();
    if (reached.has(ref)) continue;
    reached.add(ref);
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
    const component = kind && document.components?.[kind]?.[name];
    if (!component) throw new Error(`${ref} is named but not defined`);
    pending.push(...refsIn(component));
  }
  // In the document's order, so the generated file changes only where the document does.
  const components = {};
  for (const [kind, entries] of Object.entries(document.components ?? {})) {
    const kept = Object.entries(entries).filter(([name]) => reached.has(`#/components/${kind}/${name}`));
    if (kept.length) components[kind] = Object.fromEntries(kept);
  }
  const schemes = document.components?.securitySchemes ?? {};
  components.securitySchemes = { [SECURITY_SCHEME]: schemes[SECURITY_SCHEME] };
  return {
    ...document,
    tags: (document.tags ?? []).filter((tag) =>
      Object.values(paths).some((item) => Object.values(item).some((op) => op.tags?.includes(tag.name))),
    ),
    paths,
    components,
  };
}
