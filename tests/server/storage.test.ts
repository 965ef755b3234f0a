import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, fileStoreFromEnv } from '../../server/lib/storage/config';
import { diskFileStore } from '../../server/lib/storage/diskStore';
import { FileStoreError, isFileKey, newFileKey, type FileStore } from '../../server/lib/storage/fileStore';
import { objectUrl, s3FileStore, type S3Settings } from '../../server/lib/storage/s3Store';
import { png } from './storageImages';

/**
 * The file store (server/lib/storage): one behaviour for both adapters, the disk one in a
 * temporary folder, the S3 one against a small S3 double on 127.0.0.1 that keeps objects in memory
 * and refuses any request whose AWS Signature Version 4 it cannot verify, checked here with the
 * algorithm written out from AWS's documentation (not the client library's code).
 */

const ACCESS_KEY = 'AKIDTESTFILESTORE01';
const SECRET_KEY = 'test-secret/key+for-the-double';
const REGION = 'eu-test-1';
const BUCKET = 'portal-files';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

interface Seen { method: string; url: string; signedHeaders: string[]; credential: string; payloadHash: string }

/** The signature AWS would compute for the request (SigV4: canonical request, string to sign, derived key). */
function expectedSignature(req: IncomingMessage, body: Buffer, signedHeaders: string[], amzDate: string, scope: string): string {
  const url = new URL(req.url!, 'http://double');
  const query = [...url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort().join('&');
  const headers = signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const payload = String(req.headers['x-amz-content-sha256']);
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256(body)) return 'payload-hash-mismatch';
  const canonical = [req.method, url.pathname, query, headers, signedHeaders.join(';'), payload].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const [day, region, service] = scope.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, day), region), service), 'aws4_request');
  return hmac(key, toSign).toString('hex');
}

/** An S3 double: objects by path, content type kept; 403 SignatureDoesNotMatch on any request not signed right. */
function s3Double() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: Seen[] = [];
  let failNext = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = String(req.headers.authorization ?? '');
      const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8}\/[^/]+\/s3\/aws4_request), SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(auth);
      const deny = (code: string) => {
        res.writeHead(403, { 'content-type': 'application/xml' }).end(`<Error><Code>${code}</Code></Error>`);
      };
      if (!m) return deny('MissingSecurityHeader');
      const [, accessKey, scope, signed, signature] = m;
      const signedHeaders = signed.split(';');
      seen.push({ method: req.method!, url: req.url!, signedHeaders, credential: `${accessKey}/${scope}`, payloadHash: String(req.headers['x-amz-content-sha256']) });
      if (accessKey !== ACCESS_KEY) return deny('InvalidAccessKeyId');
      if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) return deny('SignatureDoesNotMatch');
      if (expectedSignature(req, body, signedHeaders, String(req.headers['x-amz-date']), scope) !== signature) return deny('SignatureDoesNotMatch');
      if (failNext > 0) {
        failNext--;
        return res.writeHead(500).end('<Error><Code>InternalError</Code></Error>');
      }
      const key = decodeURIComponent(new URL(req.url!, 'http://double').pathname);
      const object = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        return res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      if (!object) return res.writeHead(404, { 'content-type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
      res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
      return req.method === 'HEAD' ? res.end() : res.end(object.body);
    });
  });
  return { server, objects, seen, failNextRequests: (n: number) => (failNext = n) };
}

let double: ReturnType<typeof s3Double>;
let settings: S3Settings;
let folder: string;

beforeAll(async () => {
  double = s3Double();
  await new Promise<void>((resolve) => double.server.listen(0, '127.0.0.1', resolve));
  const { port } = double.server.address() as AddressInfo;
  settings = { bucket: BUCKET, endpoint: `http://127.0.0.1:${port}`, region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, forcePathStyle: true, prefix: 'portal/' };
  folder = await mkdtemp(path.join(os.tmpdir(), 'store-test-'));
});
afterAll(async () => {
  await new Promise((resolve) => double?.server.close(resolve));
  if (folder) await rm(folder, { recursive: true, force: true });
});

const adapters: Array<[string, () => FileStore]> = [
  ['disk', () => diskFileStore(path.join(folder, 'files'))],
  ['s3', () => s3FileStore(settings)],
];

describe.each(adapters)('the %s file store', (_name, make) => {
  it('puts, gets as a stream and as bytes with the type, tells whether a key exists, deletes', async () => {
    const store = make();
    const bytes = png(12, 7);
    const key = newFileKey('banner', 'image/png');
    expect(key).toMatch(/^banner-[0-9a-f]{32}\.png$/);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    expect(await store.getBuffer(key)).toBeNull();

    await store.put(key, bytes, 'image/png');
    expect(await store.exists(key)).toBe(true);
    const buffered = await store.getBuffer(key);
    expect(buffered).toEqual({ type: 'image/png', size: bytes.length, bytes });
    const streamed = await store.get(key);
    expect(streamed?.type).toBe('image/png');
    expect(streamed?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of streamed!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    // A key in folders, and a second put replacing the first.
    const nested = 'a/b/notes.bin';
    await store.put(nested, Buffer.from('first'), 'application/octet-stream');
    await store.put(nested, Buffer.from('second'), 'application/octet-stream');
    expect(await text((await store.get(nested))!.body)).toBe('second');

    await store.delete(key);
    await store.delete(nested);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(nested)).toBeNull();
    // Deleting what is not there is no error.
    await store.delete(key);
  });

  it('refuses keys that are not keys, and a type the key does not name, before any request', async () => {
    const store = make();
    const requests = double.seen.length;
    for (const key of ['../escape.png', '/abs.png', 'a/../../b.png', '.hidden.png', 'A.png', 'x/./y.png', 'a//b.png', 'no-extension', 'x.svg', 'sp ace.png', `${'a'.repeat(200)}.png`, 'a\\b.png', 'a%2f..png']) {
      expect(isFileKey(key), key).toBe(false);
      await expect(store.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/not a file key/);
      await expect(store.get(key), key).rejects.toThrow(/not a file key/);
      await expect(store.delete(key), key).rejects.toThrow(/not a file key/);
    }
    await expect(store.put('a.png', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/not of type image\/jpeg/);
    expect(double.seen.length).toBe(requests);
  });
});

describe('the disk file store', () => {
  it('keeps each file under its key in the folder, no temporary file left, nothing outside', async () => {
    const root = path.join(folder, 'layout');
    const store = diskFileStore(root);
    const bytes = randomBytes(5000);
    await store.put('screenshot-1.png', bytes, 'image/png');
    await store.put('deep/er/x.pdf', Buffer.from('%PDF'), 'application/pdf');
    expect((await readFile(path.join(root, 'screenshot-1.png'))).equals(bytes)).toBe(true);
    expect((await readdir(root)).sort()).toEqual(['deep', 'screenshot-1.png']);
    expect(await readdir(path.join(root, 'deep', 'er'))).toEqual(['x.pdf']);
    expect(await readdir(folder)).not.toContain('screenshot-1.png');
    expect(store.description).toBe(`disk ${path.resolve(root)}`);
  });

  it('leaves no file and no temporary file when a write fails, and says so as a FileStoreError', async () => {
    const root = path.join(folder, 'failing');
    const store = diskFileStore(root);
    await store.put('ok.png', png(2, 2), 'image/png');
    // 'ok.png' is a file: nothing can be written "inside" it.
    const failed = await store.put('ok.png/inner.png', png(2, 2), 'image/png').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(FileStoreError);
    expect(await readdir(root)).toEqual(['ok.png']);
    expect((await stat(path.join(root, 'ok.png'))).isFile()).toBe(true);
  });

  it('answers a folder under a key as no file', async () => {
    const root = path.join(folder, 'dirs');
    const store = diskFileStore(root);
    await store.put('d/x.png', png(1, 1), 'image/png');
    await symlink(path.join(root, 'd'), path.join(root, 'link.png'));
    expect(await store.get('link.png')).toBeNull();
    expect(await store.getBuffer('link.png')).toBeNull();
    expect(await store.exists('link.png')).toBe(false);
  });
});

describe('the S3 file store', () => {
  it('signs every request with the access key, region and service, the payload hash included', async () => {
    const store = s3FileStore(settings);
    const from = double.seen.length;
    const bytes = png(3, 3);
    await store.put('signed.png', bytes, 'image/png');
    await store.exists('signed.png');
    await store.getBuffer('signed.png');
    await store.delete('signed.png');
    const requests = double.seen.slice(from);
    expect(requests.map((r) => r.method)).toEqual(['PUT', 'HEAD', 'GET', 'DELETE']);
    for (const r of requests) {
      expect(r.credential).toMatch(new RegExp(`^${ACCESS_KEY}/\\d{8}/${REGION}/s3/aws4_request$`));
      expect(r.signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']));
      expect(r.url).toBe(`/${BUCKET}/portal/signed.png`);
    }
    // The upload's body is signed, not sent as UNSIGNED-PAYLOAD.
    expect(requests[0].payloadHash).toBe(sha256(bytes));
    expect(requests[0].signedHeaders).toContain('content-type');
    expect(double.objects.has(`/${BUCKET}/portal/signed.png`)).toBe(false);
  });

  it('stores the bytes and the content type in the bucket under the prefix', async () => {
    const store = s3FileStore(settings);
    const bytes = png(4, 9);
    await store.put('banner-x.png', bytes, 'image/png');
    expect(double.objects.get(`/${BUCKET}/portal/banner-x.png`)).toEqual({ body: bytes, type: 'image/png' });
  });

  it('fails with a FileStoreError when the store refuses the signature or the key', async () => {
    const wrongSecret = s3FileStore({ ...settings, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put('x.png', png(1, 1), 'image/png')).rejects.toThrow(/answered 403 SignatureDoesNotMatch/);
    await expect(wrongSecret.exists('x.png')).rejects.toBeInstanceOf(FileStoreError);
    const wrongKey = s3FileStore({ ...settings, accessKeyId: 'AKIDSOMEONEELSE' });
    await expect(wrongKey.getBuffer('x.png')).rejects.toThrow(/403 InvalidAccessKeyId/);
    expect(double.objects.has(`/${BUCKET}/portal/x.png`)).toBe(false);
  });

  it('tries a failing request twice more, then gives up; an unreachable store is a FileStoreError', async () => {
    const store = s3FileStore(settings);
    double.failNextRequests(2);
    await store.put('retried.png', png(1, 1), 'image/png');
    expect(await store.exists('retried.png')).toBe(true);
    double.failNextRequests(3);
    await expect(store.put('given-up.png', png(1, 1), 'image/png')).rejects.toThrow(/answered 500 InternalError/);
    double.failNextRequests(0);
    const gone = s3FileStore({ ...settings, endpoint: 'http://127.0.0.1:1', timeoutMs: 2000 });
    await expect(gone.put('x.png', png(1, 1), 'image/png')).rejects.toThrow(/did not reach 127\.0\.0\.1:1/);
  });

  it('addresses objects in the path or by host name', () => {
    const s = { bucket: 'b1', prefix: '', endpoint: 'https://s3.eu-west-1.amazonaws.com' };
    expect(objectUrl({ ...s, forcePathStyle: false }, 'a/x.png')).toBe('https://b1.s3.eu-west-1.amazonaws.com/a/x.png');
    expect(objectUrl({ ...s, forcePathStyle: true }, 'a/x.png')).toBe('https://s3.eu-west-1.amazonaws.com/b1/a/x.png');
    expect(objectUrl({ ...s, endpoint: 'http://minio:9000/base/', forcePathStyle: true, prefix: 'p/' }, 'x.png')).toBe('http://minio:9000/base/b1/p/x.png');
  });
});

describe('the file store settings', () => {
  const uploads = '/srv/uploads';

  it('keep files in UPLOAD_DIR/files without S3_BUCKET', () => {
    expect(fileStoreFromEnv({}, uploads)).toEqual({ kind: 'disk', dir: path.join(uploads, 'files') });
    expect(createFileStore({ kind: 'disk', dir: '/srv/x' }).description).toBe('disk /srv/x');
  });

  it('use the bucket with S3_BUCKET, with defaults for AWS and path style for an endpoint of its own', () => {
    const keys = { S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    expect(fileStoreFromEnv({ S3_BUCKET: 'files', ...keys }, uploads)).toEqual({
      kind: 's3',
      s3: { bucket: 'files', endpoint: 'https://s3.us-east-1.amazonaws.com', region: 'us-east-1', accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: undefined, forcePathStyle: false, prefix: '' },
    });
    const own = fileStoreFromEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'eu-central-1', S3_PREFIX: '/portal/files/', S3_SESSION_TOKEN: 'T', ...keys }, uploads);
    expect(own).toEqual({
      kind: 's3',
      s3: { bucket: 'files', endpoint: 'http://minio:9000', region: 'eu-central-1', accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: 'T', forcePathStyle: true, prefix: 'portal/files/' },
    });
    const hosted = fileStoreFromEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'off', ...keys }, uploads);
    expect(hosted.kind === 's3' && hosted.s3.forcePathStyle).toBe(false);
  });

  it('refuse a half-made or wrong S3 setting at start, naming the variable', () => {
    const keys = { S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    expect(() => fileStoreFromEnv({ S3_ENDPOINT: 'http://minio:9000' }, uploads)).toThrow(/S3_ENDPOINT is set but S3_BUCKET is not/);
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'files' }, uploads)).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set/);
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'Bad_Bucket', ...keys }, uploads)).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://x', ...keys }, uploads)).toThrow(/S3_ENDPOINT must be an http\(s\) address/);
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'not a url', ...keys }, uploads)).toThrow(/S3_ENDPOINT must be an http\(s\) address/);
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'maybe', ...keys }, uploads)).toThrow(/S3_FORCE_PATH_STYLE must be on or off/);
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'files', S3_PREFIX: '../x', ...keys }, uploads)).toThrow(/S3_PREFIX must be/);
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'files', S3_REGION: 'EU WEST', ...keys }, uploads)).toThrow(/S3_REGION must be/);
  });
});
