import S3rver from 's3rver';

/**
 * An S3-compatible server (s3rver) on a free port of 127.0.0.1 with one bucket, keeping each object in
 * `directory` as `<bucket>/<key>._S3rver_object` (whose modification time is the object's).
 */
export async function startS3rver(
  directory: string,
  bucket: string,
): Promise<{ s3rver: S3rver; endpoint: string }> {
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3rver.run();
  return { s3rver, endpoint: `http://127.0.0.1:${port}` };
}
