import type { Registry } from 'prom-client';

/**
 * Metrics for the hottest path (issue 11): prom-client's `observe`/`inc` hash the label set on every
 * call (sorting names, building a key string, looking it up in a dictionary, then a bucket keyed by the
 * bound's string), which on a cached verify cost more than the rest of our own code. Here a label set
 * is bound once to a cell, and an observation is a few additions on numbers. The exposition is the
 * one prom-client writes for its own Histogram and Counter (the unit test holds them equal), so
 * scrapers see no difference.
 */

type Labels = Record<string, string>;

/** The value list prom-client's registry writes (`metric.get()`), without exemplars. */
interface Exposed {
  name: string;
  help: string;
  type: 'histogram' | 'counter';
  aggregator: 'sum';
  values: { labels: Record<string, string | number>; sharedLabels?: Labels; value: number; metricName?: string }[];
}

const keyOf = (names: readonly string[], labels: Labels): string => names.map((n) => labels[n] ?? '').join('\u0000');

/** One label set's histogram: a count per bucket (not cumulative), sum and count. */
export class HistogramCell {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length);
  }
  observe(seconds: number): void {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && seconds > b[i]!) i++;
    if (i < b.length) this.counts[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

/** A histogram whose label sets are bound once (`cell`), registered like any prom-client metric. */
export class CellHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private cells = new Map<string, HistogramCell>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }
  /** The cell of one label set (hold it: looking it up builds a key). */
  cell(labels: Labels): HistogramCell {
    const key = keyOf(this.labelNames, labels);
    let c = this.cells.get(key);
    if (!c) this.cells.set(key, (c = new HistogramCell(Object.fromEntries(this.labelNames.map((n) => [n, labels[n] ?? ''])), this.buckets)));
    return c;
  }
  observe(labels: Labels, seconds: number): void {
    this.cell(labels).observe(seconds);
  }
  reset(): void {
    this.cells = new Map();
  }
  get(): Exposed {
    const values: Exposed['values'] = [];
    for (const c of this.cells.values()) {
      let acc = 0;
      this.buckets.forEach((le, i) => {
        acc += c.counts[i]!;
        values.push({ labels: { le }, sharedLabels: c.labels, value: acc, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: c.labels, value: c.count, metricName: `${this.name}_bucket` });
      values.push({ labels: {}, sharedLabels: c.labels, value: c.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: c.labels, value: c.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** One label set's counter. */
export class CounterCell {
  value = 0;
  constructor(readonly labels: Labels) {}
  inc(by = 1): void {
    this.value += by;
  }
}

/** A counter whose label sets are bound once (`cell`), registered like any prom-client metric. */
export class CellCounter {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  private cells = new Map<string, CounterCell>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }
  cell(labels: Labels): CounterCell {
    const key = keyOf(this.labelNames, labels);
    let c = this.cells.get(key);
    if (!c) this.cells.set(key, (c = new CounterCell(Object.fromEntries(this.labelNames.map((n) => [n, labels[n] ?? ''])))));
    return c;
  }
  inc(labels: Labels, by = 1): void {
    this.cell(labels).inc(by);
  }
  reset(): void {
    this.cells = new Map();
  }
  get(): Exposed {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: [...this.cells.values()].map((c) => ({ labels: c.labels, value: c.value })) };
  }
}
