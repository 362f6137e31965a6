import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Client, type S3Options } from '../../src/server/adapters/storage/s3-storage';

// The SDK warns once per process that its 2027 releases need Node 22; that is for the lead, not test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const BUCKET = 'pitchroom-test';

/** A real S3 API in this process (s3rver), on a free port, with its own folder. */
export async function startS3() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'pitchroom-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    resetOnClose: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const options: S3Options = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = createS3Client(options);
  return {
    options,
    client,
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
