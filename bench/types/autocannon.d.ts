// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    duration?: number;
    connections?: number;
    pipelining?: number;
    timeout?: number;
    /** A sequence of requests; `setupRequest` may rewrite each before it is sent (its path, say). */
    requests?: Array<{
      method?: string;
      path?: string;
      setupRequest?: (request: { path: string; method: string }) => { path: string; method: string };
    }>;
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
  /** A running load: a response per request, `done` when stopped. */
  interface Instance {
    on(event: 'response', listener: (client: unknown, status: number) => void): void;
    on(event: 'done', listener: (result: Result) => void): void;
    stop(): void;
  }
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
