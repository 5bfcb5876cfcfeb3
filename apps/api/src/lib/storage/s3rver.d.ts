// s3rver (a test-only S3-compatible server, see storage.test.ts) ships no type declarations: the part
// the tests use, from its README ("Programmatically running s3rver").
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    /** Host or IP to bind to (default localhost). */
    address?: string;
    /** 0 picks a free port; run() answers the one taken. */
    port?: number;
    silent?: boolean;
    /** Where buckets and objects are kept on disk. */
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    /** Buckets created at start; `configs` are CORS or website configuration XML. */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    configureBuckets(): Promise<void>;
    reset(): void;
  }
}
