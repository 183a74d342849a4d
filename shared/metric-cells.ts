import type { Registry } from 'prom-client';

/**
 * Metrics for the hottest path: prom-client's `observe`/`inc` hash the label set on every
 * call (sorting names, building a key string, looking it up in a dictionary, then a bucket keyed by the
 * bound's string), which on a cached verify cost more than the rest of our own code. Here a label set
 * is bound once to a cell, and an observation is a few additions on numbers. Scrapes (text and JSON)
 * are what prom-client writes for its own Histogram and Counter (the unit test holds them equal), so
 * scrapers see no difference.
 */

type Labels = Record<string, string>;

interface Value {
  labels: Record<string, string | number>;
  sharedLabels?: Labels;
  value: number;
  metricName?: string;
}
/** What prom-client's registry reads from a metric (`get()` for JSON, `getForPromString()` for text). */
interface Exposed {
  name: string;
  help: string;
  type: 'histogram' | 'counter';
  aggregator: 'sum';
  values: Value[];
}

/** Label sets bound to cells; a cell is exposed once used, and `reset` zeroes cells in place, so a held cell keeps counting. */
abstract class Cells<C extends { labels: Labels; used: boolean; zero(): void }> {
  readonly aggregator = 'sum';
  abstract readonly type: Exposed['type'];
  private readonly cells = new Map<string, C>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }
  protected abstract make(labels: Labels): C;
  protected abstract values(cell: C): Value[];
  /** The cell of one label set (hold it: looking it up builds a key). */
  cell(labels: Labels): C {
    const key = this.labelNames.map((n) => labels[n] ?? '').join('\u0000');
    let c = this.cells.get(key);
    if (!c) this.cells.set(key, (c = this.make(Object.fromEntries(this.labelNames.map((n) => [n, labels[n] ?? ''])))));
    return c;
  }
  reset(): void {
    for (const c of this.cells.values()) c.zero();
  }
  /** The text scrape's form: a value's own labels and the cell's labels apart (prom-client's `getForPromString`). */
  getForPromString(): Exposed {
    const values: Value[] = [];
    for (const c of this.cells.values()) if (c.used) values.push(...this.values(c));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
  /** The JSON form: labels merged, the cell's after the value's own (as prom-client's `get`). */
  get(): Exposed {
    const e = this.getForPromString();
    return { ...e, values: e.values.map(({ sharedLabels, ...v }) => ({ ...v, labels: { ...v.labels, ...sharedLabels } })) };
  }
}

/** One label set's histogram: a count per bucket (not cumulative), sum and count. */
export class HistogramCell {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  used = false;
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
    this.used = true;
  }
  zero(): void {
    this.counts.fill(0);
    this.sum = this.count = 0;
    this.used = false;
  }
}

/** A histogram whose label sets are bound once (`cell`), registered like any prom-client metric. */
export class CellHistogram extends Cells<HistogramCell> {
  readonly type = 'histogram';
  constructor(name: string, help: string, labelNames: readonly string[], private readonly buckets: readonly number[], registry: Registry) {
    super(name, help, labelNames, registry);
  }
  protected make(labels: Labels): HistogramCell {
    return new HistogramCell(labels, this.buckets);
  }
  observe(labels: Labels, seconds: number): void {
    this.cell(labels).observe(seconds);
  }
  protected values(c: HistogramCell): Value[] {
    const bucket = `${this.name}_bucket`;
    let acc = 0;
    const out: Value[] = this.buckets.map((le, i) => ({ labels: { le }, sharedLabels: c.labels, value: (acc += c.counts[i]!), metricName: bucket }));
    out.push({ labels: { le: '+Inf' }, sharedLabels: c.labels, value: c.count, metricName: bucket });
    out.push({ labels: {}, sharedLabels: c.labels, value: c.sum, metricName: `${this.name}_sum` });
    out.push({ labels: {}, sharedLabels: c.labels, value: c.count, metricName: `${this.name}_count` });
    return out;
  }
}

/** One label set's counter. */
export class CounterCell {
  value = 0;
  used = false;
  constructor(readonly labels: Labels) {}
  inc(by = 1): void {
    this.value += by;
    this.used = true;
  }
  zero(): void {
    this.value = 0;
    this.used = false;
  }
}

/** A counter whose label sets are bound once (`cell`), registered like any prom-client metric. */
export class CellCounter extends Cells<CounterCell> {
  readonly type = 'counter';
  protected make(labels: Labels): CounterCell {
    return new CounterCell(labels);
  }
  inc(labels: Labels, by = 1): void {
    this.cell(labels).inc(by);
  }
  protected values(c: CounterCell): Value[] {
    return [{ labels: c.labels, value: c.value }];
  }
}
