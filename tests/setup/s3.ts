import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Client, type S3Options } from '../../src/server/adapters/storage/s3-storage';

// The SDK warns once per process that its 2027 releases need Node 22; that is for the lead, not test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const BUCKET = 'pitchroom-test';

/**
 * A real S3 API in this process (s3rver), on a free port, with its own folder. `stop` takes it down as an outage
 * would, its objects kept; `restart` brings it back on the same port.
 */
export async function startS3() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'pitchroom-s3rver-'));
  const serve = async (port: number) => {
    const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    return { server, port: (await server.run()).port };
  };
  let running: Awaited<ReturnType<typeof serve>> | undefined = await serve(0);
  const port = running.port;
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
    async stop() {
      await running?.server.close();
      running = undefined;
    },
    async restart() {
      running ??= await serve(port);
    },
    async close() {
      client.destroy();
      await running?.server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
