// Minimal types of the parts of autocannon the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; p50: number; p99: number; max: number; total: number }
  interface RequestSpec { method?: string; path?: string; setupRequest?: (req: { path?: string; method?: string }) => { path?: string; method?: string } }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '1xx': number; '2xx': number; '3xx': number; '4xx': number; '5xx': number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    requests?: RequestSpec[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
