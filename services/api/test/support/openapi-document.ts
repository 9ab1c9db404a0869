import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

export interface SchemaNode {
  [keyword: string]: unknown;
}

export interface ResponseNode {
  description: string;
  headers?: Record<string, SchemaNode>;
  content?: Record<string, { schema: SchemaNode }>;
}

export interface ParameterNode {
  name: string;
  in: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema: SchemaNode;
}

export interface OperationNode {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterNode[];
  requestBody?: { content: Record<string, { schema: SchemaNode }> };
  responses: Record<string, ResponseNode>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { version: string; contact?: { email?: string }; license?: { name: string } };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationNode>>;
  components: {
    schemas: Record<string, SchemaNode>;
    headers: Record<string, SchemaNode>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
}

export interface Operation {
  method: string;
  path: string;
  operation: OperationNode;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

/** The codes a problem response lists: the `code` enum of its schema (see common/openapi/openapi.ts). */
export function listedCodes(response: ResponseNode | undefined): string[] {
  const schema = response?.content?.['application/problem+json']?.schema as
    { allOf?: { properties?: { code?: { enum?: string[] } } }[] } | undefined;
  return schema?.allOf?.[1]?.properties?.code?.enum ?? [];
}

/** Compiles schemas of the document, its components resolved by `$ref`. */
export function schemaValidator(doc: OpenApiDocument): (schema: SchemaNode) => ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true });
  // ajv-formats types against its own copy of ajv; the instance is the same major version.
  addFormats(ajv as unknown as Parameters<typeof addFormats>[0]);
  ajv.addFormat('password', true);
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    ajv.addSchema(schema, `#/components/schemas/${name}`);
  }
  return (schema) => ajv.compile(schema);
}
