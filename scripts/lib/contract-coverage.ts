/**
 * How much of the API document is typed (docs/architecture.md, "Where to add", an endpoint's answer):
 * the operations whose success answer has no schema for its value, and the request fields without a type.
 * Read by test/api/api-contract.test.ts.
 */
type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface DocumentOperation {
  id: string;
  method: string;
  path: string;
  operation: Json;
}

export function operationsOf(doc: Json): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (operation) out.push({ id: operation.operationId as string, method, path, operation });
    }
  }
  return out;
}

/** True when a schema states what its value is (a type, a reference, a constant, an enum or alternatives). */
function typed(schema: Json | undefined): boolean {
  if (!schema) return false;
  return ['type', '$ref', 'const', 'enum', 'anyOf', 'oneOf', 'allOf'].some((k) => k in schema);
}

/** The 200 answer's value schema: the envelope's `result`, or a raw answer's body. */
function answerSchema(operation: Json): Json | undefined {
  const ok = (operation.responses as Json)['200'] as Json | undefined;
  const content = ok?.content as Record<string, { schema?: Json }> | undefined;
  if (!content) return undefined;
  const [media] = Object.values(content);
  const schema = media?.schema;
  if (!schema) return undefined;
  const envelope = (schema.oneOf as Json[] | undefined)?.[0] ?? schema;
  if ('$ref' in envelope) return undefined; // the untyped ResultEnvelope
  const result = (envelope.properties as Record<string, Json> | undefined)?.result;
  if (result !== undefined && (envelope.properties as Json).code) return result;
  return typed(schema) && !(schema.type === 'object' && !schema.properties) ? schema : undefined;
}

/** Operations whose success answer has no declared schema. */
export function untypedAnswers(doc: Json): string[] {
  return operationsOf(doc)
    .filter((o) => {
      const schema = answerSchema(o.operation);
      return !schema || !('description' in schema || typed(schema));
    })
    .map((o) => `${o.method.toUpperCase()} ${o.path}`);
}

/** Request fields (parameters and body properties, nested) without a type. */
export function untypedFields(doc: Json): string[] {
  const out: string[] = [];
  const walk = (schema: Json | undefined, at: string) => {
    if (!schema || typeof schema !== 'object') return;
    for (const [name, field] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
      if (!typed(field)) out.push(`${at}.${name}`);
      walk(field, `${at}.${name}`);
    }
    if (schema.items) walk(schema.items as Json, `${at}[]`);
    for (const key of ['oneOf', 'anyOf', 'allOf']) for (const s of (schema[key] as Json[] | undefined) ?? []) walk(s, at);
  };
  for (const o of operationsOf(doc)) {
    const at = `${o.method.toUpperCase()} ${o.path}`;
    for (const p of (o.operation.parameters as Json[] | undefined) ?? []) {
      if ('$ref' in p) continue;
      if (!typed(p.schema as Json)) out.push(`${at} ${p.in as string} ${p.name as string}`);
    }
    const body = o.operation.requestBody as { content: Record<string, { schema: Json }> } | undefined;
    for (const media of Object.values(body?.content ?? {})) walk(media.schema, `${at} body`);
  }
  return out;
}
