import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../config';
import type { ListedObject, StorageBackend, StoredObject } from './backend';
import { isObjectKey } from './keys';

/**
 * An S3-compatible bucket (AWS S3, MinIO, ...) through the AWS SDK's S3 client (docs/storage.md). A key
 * is the object's name after S3_KEY_PREFIX. Nothing here makes an object public or signs a URL: private
 * objects are read by the API and streamed to the client it authorised (docs/decisions/uploads.md).
 * A PUT is atomic (readers see the old object or the new one); a stream of unknown length goes up in
 * parts (lib-storage's Upload), which aborts its parts when it fails.
 */
export function s3Backend(settings: S3Settings): StorageBackend {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = settings.bucket;
  const name = (key: string) => `${settings.keyPrefix}${key}`;

  return {
    async put(key, body, contentType) {
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: name(key), Body: body, ContentLength: body.length, ContentType: contentType }));
        return;
      }
      await new Upload({ client, params: { Bucket, Key: name(key), Body: body, ContentType: contentType }, partSize: 8 * 1024 * 1024, queueSize: 2 }).done();
    },

    async open(key): Promise<StoredObject | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name(key) }));
        if (!(answer.Body instanceof Readable)) throw new Error(`S3 GetObject answered no stream for ${key}`);
        return { body: answer.Body, length: Number(answer.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name(key) }));
    },

    async *list(prefix): AsyncGenerator<ListedObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: name(prefix), ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(settings.keyPrefix.length);
          if (key && isObjectKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    // A failed PUT leaves nothing; parts of a multipart upload killed midway are removed by the bucket's
    // lifecycle rule (AbortIncompleteMultipartUpload, docs/storage.md), not by listing them here.
    removeLeftovers: async () => 0,
  };
}

function isMissing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
}
