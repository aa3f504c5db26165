/**
 * The OpenAPI 3.1 document of /api/v1 and its webhooks (issue 17), generated from the
 * operations table and the zod schemas the routes validate with: request schemas as
 * their input side (what a client may send), answers as their output side.
 */
import * as z from 'zod/mini';
import { API_RATE, MAX_ACTIVE_KEYS } from '../../../domain/apiKeys';
import { IDEMPOTENCY_HEADER } from '../../../http/idempotency';
import {
  ATTEMPT_TIMEOUT_MS,
  DISABLE_AFTER_FAILING_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
} from '../../../domain/webhooks';
import { OPERATIONS, type Operation } from './operations';
import { apiDocs, errorSchema, orderWebhookSchema, testWebhookSchema } from './schemas';

type Json = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';
const ref = (schema: z.core.$ZodType): Json => {
  const id = apiDocs.get(schema)?.id;
  if (!id) throw new Error('Only named schemas are referenced');
  return { $ref: `${COMPONENT}${id}` };
};

/** Hono's /orders/:id is OpenAPI's /orders/{id}. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function jsonSchemas(io: 'input' | 'output'): Record<string, Json> {
  const { schemas } = z.toJSONSchema(apiDocs, { metadata: apiDocs, io, uri: (id) => `${COMPONENT}${id}`, unrepresentable: 'any', target: 'draft-2020-12' });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as Json]));
}

/** The fields of a query or path schema as OpenAPI parameters. */
function parameters(schema: z.ZodMiniObject | undefined, where: 'query' | 'path'): Json[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { metadata: apiDocs, io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(description ? { description } : {}),
    schema: property,
  }));
}

const errorAnswer = (description: string, headers?: Json): Json => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: ref(errorSchema) } },
});

const seconds = { schema: { type: 'integer', minimum: 1 }, description: 'Seconds to wait before trying again.' };

function operation(op: Operation): Json {
  const responses: Json = {
    [op.success.status]: {
      description: op.success.description,
      content: { [op.success.mediaType ?? 'application/json']: op.success.schema ? { schema: ref(op.success.schema) } : {} },
    },
  };
  if (op.params || op.query || op.body || op.idempotent)
    responses[400] = errorAnswer('The request is not valid: `details` says why, `fields` names each invalid field with its messages.');
  if (!op.public) {
    responses[401] = errorAnswer('No API key, or a key that is not known or was revoked.', { 'WWW-Authenticate': { schema: { type: 'string' } } });
    responses[403] = errorAnswer('API access is turned off for your business, or the business account is deactivated.');
  }
  for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = errorAnswer(description);
  if (!op.public) {
    responses[429] = errorAnswer(`More than ${API_RATE.perSecond} requests a second (bursts of ${API_RATE.burst}) with this key.`, { 'Retry-After': seconds });
    responses[503] = errorAnswer('The service is briefly unavailable; nothing was changed.', { 'Retry-After': seconds });
  }
  const idempotency = op.idempotent
    ? [
        {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description:
            '8 to 100 letters, digits, - or _. A request sent again with the same key gets the first answer (with Idempotent-Replayed: true) and changes nothing more.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
        },
      ]
    : [];
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    ...(op.public ? { security: [] } : {}),
    parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query'), ...idempotency],
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body), ...(op.examples ? { examples: op.examples } : {}) } } } }
      : {}),
    responses,
  };
}

const hours = (ms: number) => (ms >= 3_600_000 ? `${ms / 3_600_000} h` : ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1000} s`);

const DESCRIPTION = `Create delivery orders from your own system and hear about them as they move.

## Keys
Create a key in **Profile → API access** (it is shown once; store it as a secret). Send it on every call as \`Authorization: Bearer <key>\`. Keys act as your business and nothing else: they never open a session or a page. Revoke a key there at any time; you may have ${MAX_ACTIVE_KEYS} in use. Your dispatcher can turn API access off for your business.

## Errors
Every error is JSON: \`{"error": "…", "details": "…", "fields": {"name": ["…"]}}\` with the status that fits (400 invalid input, 401 no or bad key, 403 access off, 404 not yours or not there, 409 not possible now, 429 too many requests, 503 try again shortly).

## Limits
Each key may make ${API_RATE.perSecond} requests a second, in bursts of up to ${API_RATE.burst}. Past that the answer is 429 with \`Retry-After\` (seconds).

## Retries and idempotency
\`POST /orders\` takes an \`${IDEMPOTENCY_HEADER}\` header: send a new random key per order and the same key when you retry, and the order is created once.

## Webhooks
Set your endpoint in **Profile → Webhooks**. Each event is a POST with a JSON body \`{type, timestamp, data}\`, signed as [Standard Webhooks](https://www.standardwebhooks.com) says: verify \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\` with your endpoint's \`whsec_…\` secret and any Standard Webhooks library. Answer 2xx within ${ATTEMPT_TIMEOUT_MS / 1000} s. Anything else is tried again ${MAX_ATTEMPTS - 1} times, after ${RETRY_DELAYS_MS.map(hours).join(', ')} (about 28 hours in all), always with the same \`webhook-id\`: deduplicate on it. Events of a business are sent in the order they happened, but a retried event arrives after later ones: compare \`timestamp\` (or the order's \`updatedAt\`) before acting on one. An endpoint that has failed for ${DISABLE_AFTER_FAILING_MS / 86_400_000} days is turned off, and your Profile says so. After a secret rotation the old secret also signs for 24 hours.

For example, in Node.js with the \`standardwebhooks\` package:

\`\`\`js
import { Webhook } from 'standardwebhooks';
const webhook = new Webhook(process.env.DISPATCH_WEBHOOK_SECRET); // whsec_…

// The raw body, exactly as received, and the request's headers:
const event = webhook.verify(rawBody, headers); // throws when the signature is wrong or old
if (!alreadySeen(headers['webhook-id'])) handle(event.type, event.data);
// then answer 2xx
\`\`\``;

export function buildOpenApiDocument(origin: string): Json {
  const outputs = jsonSchemas('output');
  const inputs = jsonSchemas('input');
  const requestIds = new Set(Object.values(OPERATIONS).flatMap((op: Operation) => (op.body ? [apiDocs.get(op.body)?.id] : [])));
  const schemas = Object.fromEntries(Object.keys(outputs).map((id) => [id, requestIds.has(id) ? inputs[id] : outputs[id]]));

  const paths: Record<string, Json> = {};
  for (const op of Object.values(OPERATIONS) as Operation[]) (paths[openApiPath(op.path)] ??= {})[op.method] = operation(op);

  const signatureHeaders = [
    {
      name: 'webhook-id',
      in: 'header',
      required: true,
      description: "The event's id, the same on every attempt: deduplicate on it.",
      schema: { type: 'string' },
    },
    { name: 'webhook-timestamp', in: 'header', required: true, description: 'When this attempt was sent, in seconds since 1970.', schema: { type: 'string' } },
    {
      name: 'webhook-signature',
      in: 'header',
      required: true,
      description: 'v1,<base64 HMAC-SHA256> of "id.timestamp.body" with your secret; several, space-separated, during a secret rotation.',
      schema: { type: 'string' },
    },
  ];
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook-${type}`,
          summary: type,
          description: WEBHOOK_EVENT_DESCRIPTIONS[type],
          parameters: signatureHeaders,
          requestBody: { required: true, content: { 'application/json': { schema: ref(type === 'webhook.test' ? testWebhookSchema : orderWebhookSchema) } } },
          responses: { '2XX': { description: 'Received. Any other answer, or none within the timeout, is tried again.' } },
        },
      },
    ]),
  );

  return {
    openapi: '3.1.0',
    info: { title: 'Dispatch API', version: '1.0.0', description: DESCRIPTION },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: `${origin}/api/v1` }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Orders', description: 'Create, read and cancel your orders.' },
      { name: 'Reference', description: 'This documentation.' },
    ],
    paths,
    webhooks,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'Your API key: Authorization: Bearer dsp_…' } },
      schemas,
    },
  };
}
