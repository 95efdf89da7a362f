/**
 * The top-level fields of a JSON object as their text was sent: a string's value (decoded), any other
 * value's JSON text exactly as written (`100.50` stays `100.50`, never re-printed from a float). The
 * fiat vendor's check_sum is computed over these (docs/payments.md). Null when the text is not one JSON
 * object or names a field twice.
 */
export function rawJsonFields(text: string): Array<[string, string]> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  } catch {
    return null;
  }
  const fields: Array<[string, string]> = [];
  const seen = new Set<string>();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i += 1;
  };
  /** The end (exclusive) of the string token starting at `start` (a quote). */
  const stringEnd = (start: number) => {
    let j = start + 1;
    while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    return j + 1;
  };
  /** The end (exclusive) of the value starting at `start`. */
  const valueEnd = (start: number) => {
    if (text[start] === '"') return stringEnd(start);
    let depth = 0;
    let j = start;
    for (; j < text.length; j += 1) {
      const c = text[j];
      if (c === '"') {
        j = stringEnd(j) - 1;
      } else if (c === '{' || c === '[') {
        depth += 1;
      } else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth -= 1;
        if (depth === 0) return j + 1;
      } else if (c === ',' && depth === 0) {
        break;
      }
    }
    return j;
  };
  ws();
  i += 1; // {
  for (;;) {
    ws();
    if (text[i] === '}') break;
    const keyEnd = stringEnd(i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    i = keyEnd;
    ws();
    i += 1; // :
    ws();
    const end = valueEnd(i);
    const token = text.slice(i, end).trim();
    if (seen.has(name)) return null;
    seen.add(name);
    fields.push([name, token.startsWith('"') ? (JSON.parse(token) as string) : token]);
    i = end;
    ws();
    if (text[i] === ',') i += 1;
  }
  return fields;
}
