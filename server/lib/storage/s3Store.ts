import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { checkKey, FileStoreError, type FileStore } from './fileStore';

/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Ceph, Cloudflare R2, Backblaze B2, …):
 * PUT, GET, HEAD and DELETE of objects, each request signed with AWS Signature Version 4 by
 * aws4fetch (docs/ops-files.md says why that library). The payload's SHA-256 and the content type
 * are signed too, so the store refuses bytes or a type changed on the way. An object's content
 * type is the one given at PUT.
 */
export interface S3Settings {
  bucket: string;
  /** The service's address: https://s3.<region>.amazonaws.com for AWS, http://minio:9000 for a MinIO. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials' session token, when there is one. */
  sessionToken?: string;
  /** Bucket in the path (endpoint/bucket/key) instead of the host name (bucket.endpoint/key). */
  forcePathStyle: boolean;
  /** Put before every key in the bucket ('portal/'), '' for none. */
  prefix: string;
  /** A request that takes longer is abandoned (default 30 s). */
  timeoutMs?: number;
}

/** The address of an object: path style or virtual-hosted style, the key's segments encoded. */
export function objectUrl(s: Pick<S3Settings, 'bucket' | 'endpoint' | 'forcePathStyle' | 'prefix'>, key: string): string {
  const url = new URL(s.endpoint);
  const base = url.pathname.replace(/\/+$/, '');
  const objectPath = `${s.prefix}${key}`.split('/').map(encodeURIComponent).join('/');
  if (s.forcePathStyle) {
    url.pathname = `${base}/${encodeURIComponent(s.bucket)}/${objectPath}`;
  } else {
    url.hostname = `${s.bucket}.${url.hostname}`;
    url.pathname = `${base}/${objectPath}`;
  }
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** S3's error code from an error answer's XML body ('<Code>AccessDenied</Code>'), for the log. */
async function errorCode(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? '';
}

export function s3FileStore(s: S3Settings): FileStore {
  const client = new AwsClient({
    accessKeyId: s.accessKeyId,
    secretAccessKey: s.secretAccessKey,
    sessionToken: s.sessionToken,
    service: 's3',
    region: s.region,
    // Two more tries on a 5xx or 429, after about 0.1 and 0.2 s; a request that fails on does not hold the upload long.
    retries: 2,
    initRetryMs: 100,
  });
  const timeoutMs = s.timeoutMs ?? 30_000;

  async function send(method: 'PUT' | 'GET' | 'HEAD' | 'DELETE', key: string, init: { body?: Buffer; headers?: Record<string, string> } = {}) {
    const url = objectUrl(s, key);
    try {
      return await client.fetch(url, {
        method,
        headers: init.headers,
        // A copy in an ArrayBuffer of its own: what fetch takes as a body, whatever pool the Buffer came from.
        body: init.body ? new Uint8Array(init.body).buffer : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        // Every header this client sets is signed, the content type too (aws4fetch leaves it out by default).
        aws: { allHeaders: true },
      });
    } catch (err) {
      throw new FileStoreError(`file store: ${method} ${key} did not reach ${new URL(url).host}: ${(err as Error).message}`, { cause: err });
    }
  }

  async function refused(method: string, key: string, res: Response): Promise<never> {
    const code = await errorCode(res);
    throw new FileStoreError(`file store: ${method} ${key} answered ${res.status}${code ? ` ${code}` : ''}`);
  }

  return {
    description: `s3 ${s.bucket} at ${new URL(s.endpoint).origin}${s.prefix ? ` under ${s.prefix}` : ''}`,

    async put(key, bytes, type) {
      checkKey(key, type);
      const res = await send('PUT', key, {
        body: bytes,
        headers: {
          'content-type': type,
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!res.ok) await refused('PUT', key, res);
      await res.body?.cancel();
    },

    async get(key) {
      checkKey(key);
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) return refused('GET', key, res);
      return {
        type: res.headers.get('content-type') ?? 'application/octet-stream',
        size: Number(res.headers.get('content-length') ?? 0),
        body: Readable.fromWeb(res.body as NodeReadableStream),
      };
    },

    async getBuffer(key) {
      checkKey(key);
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) return refused('GET', key, res);
      const bytes = Buffer.from(await res.arrayBuffer());
      return { type: res.headers.get('content-type') ?? 'application/octet-stream', size: bytes.length, bytes };
    },

    async delete(key) {
      checkKey(key);
      const res = await send('DELETE', key);
      // S3 answers 204 whether or not there was an object; some compatible stores answer 404.
      if (!res.ok && res.status !== 404) await refused('DELETE', key, res);
      await res.body?.cancel();
    },

    async exists(key) {
      checkKey(key);
      const res = await send('HEAD', key);
      await res.body?.cancel();
      if (res.status === 404) return false;
      // A 403 is not "missing": without the ListBucket permission S3 answers 403 for a missing key too, so it is reported.
      if (!res.ok) return refused('HEAD', key, res);
      return true;
    },
  };
}
