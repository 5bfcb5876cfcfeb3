// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    duration?: number;
    connections?: number;
    pipelining?: number;
    timeout?: number;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
