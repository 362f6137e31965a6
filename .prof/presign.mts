import { createS3Storage } from '../src/server/adapters/storage/s3-storage.ts';
for (const [bucket, region] of [['my-bucket','us-east-1'],['my-bucket','eu-west-2'],['my.bucket','us-east-1']]) {
  const s = createS3Storage({ bucket, region, accessKeyId: 'a', secretAccessKey: 'b' } as any);
  console.log(await s.presignGet({ bucket: 'song-audio', key: 'x/y.mp3', expiresInSeconds: 60 }));
}
