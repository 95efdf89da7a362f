/**
 * The bench's verdicts (docs/performance.md, "Failed sections"). A figure counts only when every request
 * behind it succeeded: a share of a ceiling computed over errors is worse than no figure. A section whose
 * requests failed (a non-2xx, a socket error or timeout, an answer that is not the success the section
 * expects) or that moved no money where it should is FAILED: it says so with the first failure's status and
 * body, the other sections still run, and `npm run bench` exits non-zero.
 */
export interface FirstFailure {
  status: number;
  body: string;
}

/** What the verdict reads of a measured figure (scripts/bench/lib.ts `Figure`). */
export interface Judged {
  name: string;
  reqPerSec: number;
  non2xx: number;
  errors: number;
  /** Answers with a success status whose body is not the expected success (an error envelope in HTTP 200). */
  refused?: number;
  firstFailure?: FirstFailure;
}

/** Why the figure does not count, or null when it does. */
export function figureFailure(figure: Judged): string | null {
  const failed = [
    figure.non2xx ? `${figure.non2xx} non-2xx` : '',
    figure.refused ? `${figure.refused} refused in a success status` : '',
    figure.errors ? `${figure.errors} errors or timeouts` : '',
  ].filter(Boolean);
  if (!failed.length && figure.reqPerSec > 0) return null;
  const why = failed.length ? failed.join(', ') : 'no request completed';
  const first = figure.firstFailure ? `; first failure: HTTP ${figure.firstFailure.status} ${clip(figure.firstFailure.body)}` : '';
  return `${figure.name}: ${why}${first}`;
}

/** An envelope answer of success (`{"code":200,...}`, api/http/envelope.ts), read without parsing the body. */
export function isSuccessEnvelope(body: string): boolean {
  return /^\s*\{\s*"code"\s*:\s*200\s*[,}]/.test(body);
}

function clip(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}...` : flat || '(empty body)';
}

/** The failures of one bench run, by section. */
export class Verdicts {
  private readonly failures: Array<{ section: string; why: string }> = [];
  private section = '';

  /** Failures recorded from now on belong to `name`. */
  enter(name: string): void {
    this.section = name;
  }

  /** Records a failure of the current section and prints it at once. */
  fail(why: string): void {
    this.failures.push({ section: this.section, why });
    console.log(`FAILED (${this.section}): ${why}`);
  }

  /** Judges each figure; a failed one is recorded. */
  judge(figures: readonly Judged[]): void {
    for (const figure of figures) {
      const why = figureFailure(figure);
      if (why) this.fail(why);
    }
  }

  /** The closing lines and the exit code: 1 when any section failed. */
  summary(sections: readonly string[]): { lines: string[]; exitCode: number } {
    const failed = new Set(this.failures.map((f) => f.section));
    const lines = sections.map((s) => `${failed.has(s) ? 'FAILED' : 'ok'}  ${s}`);
    return { lines: ['', '## Verdict', ...lines], exitCode: failed.size ? 1 : 0 };
  }
}

/** The run's verdicts, shared by every section. */
export const verdicts = new Verdicts();
