/** The parts of an OpenAPI 3.1 document the API Docs screen reads. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
}

interface MediaType {
  schema?: JsonSchema;
  examples?: Record<string, { value: unknown }>;
  example?: unknown;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  'x-permission'?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: {
    title: string;
    version: string;
    description?: string;
    'x-rate-limit-per-minute'?: number;
    'x-idempotency-ttl-seconds'?: number;
  };
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Operation;
}

/** A table row: a parameter, or a field of the request body. */
export interface FieldRow {
  name: string;
  in: Parameter['in'] | 'body';
  required: boolean;
  type: string;
  constraints: string;
  description: string;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, in the document's order (tags first seen first). */
export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (operation) operations.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return operations;
}

/** Follows a local `#/components/schemas/...` reference. */
export function resolve(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  if (!schema?.$ref) return schema ?? {};
  return document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] ?? {};
}

export function typeOf(document: OpenApiDocument, schema: JsonSchema | undefined): string {
  const resolved = resolve(document, schema);
  const type = Array.isArray(resolved.type) ? resolved.type.join(' | ') : (resolved.type ?? '');
  if (type === 'array') return `${typeOf(document, resolved.items)}[]`;
  if (!type && schema?.$ref) return schema.$ref.split('/').pop() ?? '';
  return resolved.format ? `${type} (${resolved.format})` : type;
}

/** JSON Schema's own words for the bounds: technical tokens, the same in every language. */
export function constraintsOf(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.enum) parts.push(schema.enum.map(String).join(' | '));
  if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0) parts.push(`minLength ${schema.minLength}`);
  if (schema.maxLength !== undefined) parts.push(`maxLength ${schema.maxLength}`);
  if (schema.minItems !== undefined) parts.push(`minItems ${schema.minItems}`);
  if (schema.maxItems !== undefined) parts.push(`maxItems ${schema.maxItems}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

/** The operation's parameters, then its body's fields (nested array items as `items[].name`). */
export function fieldRowsOf(document: OpenApiDocument, operation: Operation): FieldRow[] {
  const rows: FieldRow[] = (operation.parameters ?? []).map((parameter) => ({
    name: parameter.name,
    in: parameter.in,
    required: parameter.required ?? false,
    type: typeOf(document, parameter.schema),
    constraints: constraintsOf(resolve(document, parameter.schema)),
    description: parameter.description ?? '',
  }));
  const addFields = (schema: JsonSchema, prefix: string, parentRequired: boolean) => {
    const resolved = resolve(document, schema);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      const field = resolve(document, property);
      const required = parentRequired && (resolved.required ?? []).includes(name);
      rows.push({
        name: `${prefix}${name}`,
        in: 'body',
        required,
        type: typeOf(document, property),
        constraints: constraintsOf(field),
        description: field.description ?? '',
      });
      if (field.type === 'array' && field.items) addFields(field.items, `${prefix}${name}[].`, required);
    }
  };
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body) addFields(body, '', true);
  return rows;
}

function exampleOf(media: MediaType | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  return Object.values(media.examples ?? {})[0]?.value;
}

export function requestExampleOf(operation: Operation): unknown {
  return exampleOf(operation.requestBody?.content?.['application/json']);
}

/** The first 2xx answer's status and example. */
export function responseExampleOf(operation: Operation): { status: string; example: unknown } | null {
  const status = Object.keys(operation.responses ?? {}).find((code) => /^2/.test(code));
  if (!status) return null;
  return { status, example: exampleOf(operation.responses?.[status]?.content?.['application/json']) };
}

/** The placeholder key of the examples: the format of a real one (CONTRACT §7), never a real key. */
export const PLACEHOLDER_KEY = 'wsk_…';

const exampleId = '5f0c2a7e-1b3d-4c8e-9f10-2a3b4c5d6e7f';
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command for the operation against this site's own address, with the placeholder key. */
export function curlOf(baseUrl: string, { method, path, operation }: DocumentedOperation): string {
  const parameters = operation.parameters ?? [];
  let url = path;
  for (const parameter of parameters.filter((candidate) => candidate.in === 'path')) {
    url = url.replace(`{${parameter.name}}`, String(parameter.example ?? exampleId));
  }
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if (parameter.in === 'query' && parameter.example !== undefined)
      query.append(parameter.name, String(parameter.example));
  }
  const search = query.toString();
  const lines = [
    `curl -X ${method} ${quote(`${baseUrl}${url}${search ? `?${search}` : ''}`)}`,
    `  -H ${quote(`X-API-Key: ${PLACEHOLDER_KEY}`)}`,
  ];
  for (const parameter of parameters) {
    if (parameter.in === 'header') lines.push(`  -H ${quote(`${parameter.name}: ${String(parameter.example ?? '')}`)}`);
  }
  const body = requestExampleOf(operation);
  if (body !== undefined) {
    lines.push(`  -H ${quote('Content-Type: application/json')}`);
    lines.push(`  -d ${quote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(' \\\n');
}

export const json = (value: unknown): string => JSON.stringify(value, null, 2);

/** docs/api/webhooks.md's check, for the receiver's side. */
export const SIGNATURE_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

const secret = process.env.ERP_WEBHOOK_SECRET; // whsec_…

/** rawBody: the request body as received, before any JSON parsing. */
function verified(headers, rawBody) {
  const timestamp = Number(headers['x-erp-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = \`sha256=\${createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex')}\`;
  const given = String(headers['x-erp-signature'] ?? '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}`;
