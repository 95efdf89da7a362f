/**
 * A Server-Sent Events client over fetch's body reader, for the /events tests: the status and headers,
 * then each event (id, event, data parsed as JSON) and comment as it arrives.
 */
export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The body when the answer is not a stream (an error envelope). */
  body?: any;
  /** The next event, or null when the stream ended first or none came within `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<SseEvent | null>;
  /** Events until none comes for `quietMs`. */
  drain: (quietMs?: number) => Promise<SseEvent[]>;
  comments: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close: () => void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const comments: string[] = [];
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return {
      status: res.status,
      headers: res.headers,
      body,
      next: async () => null,
      drain: async () => [],
      comments,
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }
  const queue: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let done = false;
  let endedResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const wake = () => waiters.splice(0).forEach((w) => w());
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: undefined };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) {
              event.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              event.data = JSON.parse(line.slice(6));
              isEvent = true;
            }
          }
          if (isEvent) queue.push(event);
        }
        wake();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      endedResolve();
      wake();
    }
  })();
  const next = async (timeoutMs = 5000): Promise<SseEvent | null> => {
    const deadline = Date.now() + timeoutMs;
    while (!queue.length && !done && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return queue.shift() ?? null;
  };
  const drain = async (quietMs = 700): Promise<SseEvent[]> => {
    const out: SseEvent[] = [];
    for (let e = await next(quietMs); e; e = await next(quietMs)) out.push(e);
    return out;
  };
  return { status: res.status, headers: res.headers, next, drain, comments, ended, close: () => controller.abort() };
}
