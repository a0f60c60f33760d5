import autocannon from 'autocannon';

export interface Measurement {
  name: string;
  requestsPerSec: number;
  p99Ms: number;
  /** Responses that were not 2xx/304: a benchmark of errors measures nothing. */
  non2xx: number;
}

/** Load on loopback with autocannon for a bounded time; answers mean requests/s and p99 latency. */
export async function measure(
  name: string,
  url: string,
  options: { seconds?: number; connections?: number; headers?: Record<string, string> } = {},
): Promise<Measurement> {
  const result = await autocannon({
    url,
    duration: options.seconds ?? 5,
    connections: options.connections ?? 10,
    headers: options.headers ?? {},
  });
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function table(rows: Array<Record<string, string | number>>): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]!);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [
    line(keys),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(keys.map((k) => String(r[k] ?? '')))),
  ].join('\n');
}
