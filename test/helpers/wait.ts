/** Polls `check` until it returns a truthy value or the deadline passes (then throws naming `what`). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Fixed one-minute rate-limit windows: start a burst well inside one so it is not split across two. */
export async function awayFromMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
}
