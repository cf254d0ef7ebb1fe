import type { OpenAPIObject, OperationObject, ResponsesObject, SchemaObject } from 'openapi3-ts';

/**
 * What @ts-rest/open-api leaves out or writes in a later dialect, so that docs/openapi.json is valid OpenAPI 3.0
 * and says everything a client (or a fuzzer checking the server against it) needs:
 * - zod's `.positive()` comes out as JSON Schema 2020's `exclusiveMinimum: 0`; OpenAPI 3.0 wants
 *   `minimum: 0, exclusiveMinimum: true` (same for the maximum);
 * - a JSON body described by the contract is required (ts-rest refuses a request without it);
 * - error answers any route can give: 400 when it takes input, 403 (CSRF) on state-changing methods, and a
 *   `default` for the rest (401, 413, 429...), all with the one error shape.
 * - the multipart upload's form fields, which the contract can only give as a TypeScript type;
 * - how callers authenticate: the session cookie everywhere it is needed, and on the recordings API an API key
 *   as a bearer token instead.
 */
export const completeOpenApiDocument = (
  document: OpenAPIObject,
  errorSchema: SchemaObject,
  apiKeys: { scheme: string; operations: ReadonlySet<string> },
): OpenAPIObject => {
  document.components = {
    ...document.components,
    securitySchemes: {
      ...document.components?.securitySchemes,
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'scrivo_session',
        description: 'The signed-in session of the web app (state-changing calls also need X-CSRF-Token).',
      },
      [apiKeys.scheme]: {
        type: 'http',
        scheme: 'bearer',
        description:
          'An API key from Account > Developer, as `Authorization: Bearer sk_scrivo_...`. Acts as its owner on the recordings API, without cookies or CSRF token; `read` keys may only GET. Rate-limited per key (429 with Retry-After).',
      },
    },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, OperationObject][]) {
      if (typeof operation !== 'object' || !operation.responses) continue;
      if (apiKeys.operations.has(`${method.toUpperCase()} ${path}`))
        operation.security = [{ sessionCookie: [] }, { [apiKeys.scheme]: [] }];
      const multipart = MULTIPART_BODIES[`${method.toUpperCase()} ${path}`];
      if (multipart) operation.requestBody = multipart;
      if (operation.requestBody && 'content' in operation.requestBody) operation.requestBody.required = true;
      addErrorResponses(method, operation, errorSchema);
    }
  }
  visitSchemas(document, toOpenApi30Bounds);
  return document;
};

const errorResponse = (description: string, schema: SchemaObject) => ({
  description,
  content: { 'application/json': { schema } },
});

const addErrorResponses = (method: string, operation: OperationObject, schema: SchemaObject): void => {
  const responses: ResponsesObject = operation.responses;
  const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  if (takesInput && !responses['400'])
    responses['400'] = errorResponse('The request is not valid (VALIDATION_FAILED names the fields)', schema);
  if (!['get', 'head', 'options'].includes(method) && !responses['403'])
    responses['403'] = errorResponse(
      'CSRF_TOKEN_INVALID: the X-CSRF-Token header must equal the scrivo_csrf cookie',
      schema,
    );
  responses['default'] ??= errorResponse(
    'Any other refusal (signed out, too large, rate limited...), with its code',
    schema,
  );
};

const MULTIPART_BODIES: Record<string, OperationObject['requestBody']> = {
  'POST /api/recordings': {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', format: 'binary' },
            title: { type: 'string', maxLength: 200 },
            language: {
              type: 'string',
              maxLength: 10,
              description: 'ISO 639-1 code; absent or "auto" = detect',
            },
            translate: { type: 'string', enum: ['true', 'false', '1', '0'] },
          },
        },
      },
    },
  },
};

/** JSON Schema 2020 numeric exclusive bounds -> OpenAPI 3.0's boolean form. */
const toOpenApi30Bounds = (schema: Record<string, unknown>): void => {
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    const value = schema[exclusive];
    if (typeof value !== 'number') continue;
    const current = schema[bound];
    const tighter =
      typeof current !== 'number' || (bound === 'minimum' ? value >= current : value <= current);
    if (tighter) {
      schema[bound] = value;
      schema[exclusive] = true;
    } else delete schema[exclusive];
  }
};

const visitSchemas = (node: unknown, visit: (schema: Record<string, unknown>) => void): void => {
  if (Array.isArray(node)) return node.forEach((child) => visitSchemas(child, visit));
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if ('type' in record || 'exclusiveMinimum' in record || 'exclusiveMaximum' in record) visit(record);
  for (const child of Object.values(record)) visitSchemas(child, visit);
};
