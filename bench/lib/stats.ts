/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Server-side times (reply.elapsedTime, ms) and status codes, per x-bench tag. */
export class Recorder {
  private readonly times = new Map<string, number[]>();
  private readonly failures = new Map<string, Map<number, number>>();

  record(tag: string, elapsedMs: number, status: number) {
    let list = this.times.get(tag);
    if (!list) this.times.set(tag, (list = []));
    list.push(elapsedMs);
    if (status < 200 || status > 299) {
      let byStatus = this.failures.get(tag);
      if (!byStatus) this.failures.set(tag, (byStatus = new Map()));
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    }
  }

  summary(tag: string) {
    const sorted = [...(this.times.get(tag) ?? [])].sort((a, b) => a - b);
    const failures = [...(this.failures.get(tag) ?? new Map<number, number>()).entries()];
    return {
      count: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      non2xx: failures.reduce((n, [, c]) => n + c, 0),
      failures: failures.map(([status, c]) => `${c}x${status}`).join(' '),
    };
  }
}
