/**
 * CONTRACT §9: fields the server computes (ids, numbers, totals, timestamps, a new order's status)
 * are ignored when a client sends them in a body, as clients do when they send back an object
 * they were given; any other unknown field is still refused, naming it. A body class lists its
 * own such fields, and those of the objects in its lists (`items`), with this decorator; the
 * gateway's validation pipe drops them before validating (services never see them).
 */
export interface ServerComputedFields {
  own: readonly string[];
  /** Per list field: the server-computed fields of each of its entries. */
  lists?: Readonly<Record<string, readonly string[]>>;
}

const serverComputedKey = Symbol.for('erp:server-computed-fields');

export function IgnoresServerComputed(
  own: readonly string[],
  lists?: Readonly<Record<string, readonly string[]>>,
): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(serverComputedKey, { own, lists } satisfies ServerComputedFields, target);
  };
}

/** The server-computed fields a body class declares, if any. */
export function serverComputedFieldsOf(type: unknown): ServerComputedFields | undefined {
  return typeof type === 'function'
    ? (Reflect.getMetadata(serverComputedKey, type) as ServerComputedFields | undefined)
    : undefined;
}

function without(value: unknown, fields: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !fields.includes(key)));
}

/** The body without the fields its class declares server-computed; any other body as it is. */
export function withoutServerComputed(type: unknown, body: unknown): unknown {
  const fields = serverComputedFieldsOf(type);
  if (!fields || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const kept = without(body, fields.own) as Record<string, unknown>;
  for (const [list, entryFields] of Object.entries(fields.lists ?? {})) {
    const entries = kept[list];
    if (Array.isArray(entries)) kept[list] = entries.map((entry) => without(entry, entryFields));
  }
  return kept;
}
