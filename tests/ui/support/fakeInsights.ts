import { vi } from 'vitest';
import type { CallOptions } from '../../../client/client';
import type { Insights, InsightsFile, InsightsPeriod } from '../../../client/insights';

/**
 * The report's calls as the screen makes them (client/insights.ts), answered by the test: the UI tests replace that
 * module with this fake (`vi.mock`), so they test the screen's side of the contract whatever the server does; the
 * rest of the panel (the session, the restaurant) still talks to the real server. A call answers at once with the
 * test's answer, or, once `hold` was asked for its kind, waits until the test settles it; leaving a state aborts it.
 */

export type InsightsCallKind = 'loadInsights' | 'downloadInsights';

export interface InsightsCall {
  kind: InsightsCallKind;
  /** `restaurantInsights` (a restaurant id), `platformInsights`, `downloadInsightsCsv` / `Xlsx`. */
  fn: string;
  restaurantId: string | null;
  period: InsightsPeriod;
}

interface Held {
  call: InsightsCall;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class FakeInsightsApi {
  readonly calls: InsightsCall[] = [];
  /** What an unheld report call answers, and an unheld download. */
  report: Insights | Error | null = null;
  file: InsightsFile | Error | null = null;
  private holding = new Set<InsightsCallKind>();
  private held: Held[] = [];

  reset(): void {
    this.calls.length = 0;
    this.report = null;
    this.file = null;
    this.holding.clear();
    for (const held of this.held.splice(0)) held.reject(new DOMException('The test ended', 'AbortError'));
  }

  /** The next call of this kind waits for `take(kind)` to settle it. */
  hold(kind: InsightsCallKind): void {
    this.holding.add(kind);
  }

  /** The held call of this kind (the newest), once it has been made. */
  async take(kind: InsightsCallKind): Promise<Held> {
    await vi.waitFor(
      () => {
        if (!this.held.some((h) => h.call.kind === kind)) throw new Error(`no ${kind} call is held`);
      },
      { timeout: 5000 },
    );
    const index = this.held.findLastIndex((h) => h.call.kind === kind);
    return this.held.splice(index, 1)[0]!;
  }

  handle(call: InsightsCall, options: CallOptions): Promise<unknown> {
    this.calls.push(call);
    if (!this.holding.delete(call.kind)) {
      const answer = call.kind === 'loadInsights' ? this.report : this.file;
      if (answer === null) return Promise.reject(new Error(`the test gave no answer for ${call.fn}`));
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    }
    return new Promise((resolve, reject) => {
      const held: Held = { call, resolve, reject };
      this.held.push(held);
      options.signal?.addEventListener('abort', () => {
        this.held = this.held.filter((h) => h !== held);
        reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      });
    });
  }

  /** The module's functions, for `vi.mock('…/client/insights')` (the rest of the module stays the real one). */
  functions() {
    return {
      restaurantInsights: (restaurantId: string, period: InsightsPeriod, options: CallOptions = {}) =>
        this.handle({ kind: 'loadInsights', fn: 'restaurantInsights', restaurantId, period }, options),
      platformInsights: (period: InsightsPeriod, options: CallOptions = {}) =>
        this.handle({ kind: 'loadInsights', fn: 'platformInsights', restaurantId: null, period }, options),
      downloadInsightsCsv: (restaurantId: string, period: InsightsPeriod, options: CallOptions = {}) =>
        this.handle({ kind: 'downloadInsights', fn: 'downloadInsightsCsv', restaurantId, period }, options),
      downloadInsightsXlsx: (restaurantId: string, period: InsightsPeriod, options: CallOptions = {}) =>
        this.handle({ kind: 'downloadInsights', fn: 'downloadInsightsXlsx', restaurantId, period }, options),
    };
  }
}

/** A chart uPlot was asked to draw (the fake below records them: jsdom has no canvas). */
export interface DrawnChart {
  options: { series: Array<{ label?: string }> };
  data: number[][];
  destroyed: boolean;
}

/** A stand-in for uPlot's class, for `vi.mock('uplot')`: records what it was asked to draw. */
export function fakeUplot(drawn: DrawnChart[]) {
  return class FakePlot {
    private readonly chart: DrawnChart;
    constructor(options: DrawnChart['options'], data: number[][], target: HTMLElement) {
      this.chart = { options, data, destroyed: false };
      drawn.push(this.chart);
      target.append(document.createElement('canvas'));
    }
    setSize() {}
    destroy() {
      this.chart.destroyed = true;
    }
  };
}

/** A file the screen handed to the browser to save: its name and its bytes. */
export interface SavedFile {
  name: string;
  text: string;
}

/**
 * Catches the files the screen saves (jsdom has no blob URLs and does not download): each `<a download>` click is
 * recorded with the blob it points to.
 */
export function catchSavedFiles(): { saved: SavedFile[]; restore: () => void } {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${next++}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    blobs.delete(url);
  };
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob) return;
    void blob.text().then((text) => saved.push({ name: this.download, text }));
  });
  return {
    saved,
    restore: () => {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    },
  };
}
