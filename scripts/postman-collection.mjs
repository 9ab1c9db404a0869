// The Postman collection (v2.1) of the public rates API, made from the API's OpenAPI document with
// openapi-to-postmanv2: one folder per tag, one request per public operation (scripts/openapi-public.mjs)
// with its parameters' examples (optional ones present but off) and an example answer per documented
// status. The key is the collection's `apiKey` variable, sent in the X-API-Key header by the
// collection's API-key auth (the keyless status requests send none); `baseUrl` is the origin serving
// /api/v1. Ids are derived from each item's place (values the document gives no example for, such as a
// timestamp in an example answer, are made up by the converter, differently on each run).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { publicDocument } from './openapi-public.mjs';

const require = createRequire(import.meta.url);
const Converter = require('openapi-to-postmanv2');

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
export const API_KEY_HEADER = 'X-API-Key';

const OPTIONS = {
  folderStrategy: 'Tags',
  requestNameSource: 'Fallback',
  parametersResolution: 'Example',
  enableOptionalParameters: false,
  alwaysInheritAuthentication: true,
  includeDeprecated: false,
};

/** A UUID-shaped id from text, stable from one build to the next. */
function stableId(text) {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The converter's random ids (items, examples) replaced by ids of their place in the collection. */
function withStableIds(node, place) {
  if (Array.isArray(node)) return node.map((child, index) => withStableIds(child, `${place}/${index}`));
  if (!node || typeof node !== 'object') return node;
  // The converter returns Postman SDK objects in places (descriptions): plain JSON from here on.
  const plain = typeof node.toJSON === 'function' ? node.toJSON() : node;
  return Object.fromEntries(
    Object.entries(plain).map(([key, value]) => [
      key,
      key === 'id' && typeof value === 'string'
        ? stableId(`${place}/${plain.name ?? ''}`)
        : withStableIds(value, `${place}/${key}`),
    ]),
  );
}

function convert(document) {
  return new Promise((resolve, reject) => {
    Converter.convertV2({ type: 'json', data: document }, OPTIONS, (error, conversion) => {
      if (error) reject(error);
      else if (!conversion.result) reject(new Error(`openapi-to-postmanv2: ${conversion.reason}`));
      else resolve(conversion.output[0].data);
    });
  });
}

/** Whether an operation is answered without a key (scripts/openapi-public.mjs keeps those too). */
const isKeyless = (operation) => !(operation.security ?? []).some((requirement) => 'apiKey' in requirement);

/**
 * @param {object} document the API's whole OpenAPI document (as /api/docs-json serves it)
 * @param {{ baseUrl: string }} options the origin the collection's `baseUrl` starts as
 * @returns {Promise<object>} the collection, plain JSON
 */
export async function postmanCollection(document, { baseUrl }) {
  const reduced = publicDocument(document);
  const keyless = new Set();
  for (const item of Object.values(reduced.paths))
    for (const operation of Object.values(item))
      if (operation && typeof operation === 'object' && operation.summary && isKeyless(operation))
        keyless.add(operation.summary);
  const converted = await convert(reduced);
  const collection = withStableIds(JSON.parse(JSON.stringify(converted)), 'collection');
  const noAuthWhereKeyless = (items) =>
    items.map((item) =>
      item.item
        ? { ...item, item: noAuthWhereKeyless(item.item) }
        : keyless.has(item.name)
          ? { ...item, request: { ...item.request, auth: { type: 'noauth' } } }
          : item,
    );
  const { info } = collection;
  return {
    info: {
      _postman_id: stableId(JSON.stringify(reduced)),
      name: info.name,
      description: info.description,
      schema: POSTMAN_SCHEMA,
    },
    item: noAuthWhereKeyless(collection.item),
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: API_KEY_HEADER, type: 'string' },
        { key: 'value', value: '{{apiKey}}', type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      {
        key: 'baseUrl',
        value: baseUrl.replace(/\/+$/, ''),
        type: 'string',
        description: 'The origin serving /api/v1 (the site the docs are on)',
      },
      {
        key: 'apiKey',
        value: '',
        type: 'secret',
        description:
          'Your API key (from the dashboard). Set it as the current value: it stays on your machine.',
      },
    ],
  };
}
