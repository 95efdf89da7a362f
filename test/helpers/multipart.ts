/** multipart/form-data requests (uploads), the way a browser form sends them. */

export type Part = { data: Buffer; type?: string; name?: string };

export interface MultipartResponse {
  status: number;
  body: any;
}

/** POST `url` with text `fields` and `files` (one part, or several in one field), as `token` when given. */
export function postMultipart(
  url: string,
  token: string | null,
  fields: Record<string, string>,
  files: Record<string, Part | Part[]>,
): Promise<MultipartResponse> {
  return sendMultipart('POST', url, token, fields, files);
}

/** `method` `url` with text `fields`, `files` and extra `headers` (x-site-code...), as `token` when given. */
export async function sendMultipart(
  method: string,
  url: string,
  token: string | null,
  fields: Record<string, string>,
  files: Record<string, Part | Part[]>,
  headers: Record<string, string> = {},
): Promise<MultipartResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, parts] of Object.entries(files)) {
    for (const f of Array.isArray(parts) ? parts : [parts])
      form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.name ?? `${k}.jpg`);
  }
  const res = await fetch(url, { method, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form });
  return { status: res.status, body: await res.json() };
}
