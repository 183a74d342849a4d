// autocannon ships no types: the part the benches use.
declare module 'autocannon' {
  interface Histogram { average: number; p50: number; p99: number; total: number }
  interface Result { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number }
  interface Options { url: string; connections?: number; duration?: number; warmup?: { connections?: number; duration?: number }; headers?: Record<string, string> }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
