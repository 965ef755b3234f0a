import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, FileStoreError, typeOfKey, type FileStore } from './fileStore';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT' || (err as NodeJS.ErrnoException | null)?.code === 'ENOTDIR';

/**
 * The file store in a folder (UPLOAD_DIR/files by default). A file is written to a temporary name
 * beside its final one (a dot name, which no key can be), flushed to the disk, renamed over the final
 * name and the folder flushed: a reader sees the whole file or none, and a crash leaves at most a
 * temporary file, never half a file under a key. The content type is the key's extension's.
 */
export function diskFileStore(root: string): FileStore {
  const base = path.resolve(root);

  function fileOf(key: string, type?: string): string {
    checkKey(key, type);
    const full = path.resolve(base, ...key.split('/'));
    // The key rule already keeps every key inside; this says so where it matters.
    if (!full.startsWith(`${base}${path.sep}`)) throw new Error(`file store: key "${key}" leaves the folder`);
    return full;
  }

  async function syncFolder(dir: string) {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    description: `disk ${base}`,

    async put(key, bytes, type) {
      const file = fileOf(key, type);
      const dir = path.dirname(file);
      const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await mkdir(dir, { recursive: true });
        const handle = await open(temp, 'wx', 0o644);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
        await syncFolder(dir);
      } catch (err) {
        await rm(temp, { force: true }).catch(() => {});
        throw new FileStoreError(`file store: could not write ${key}: ${(err as Error).message}`, { cause: err });
      }
    },

    async get(key) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw new FileStoreError(`file store: could not read ${key}: ${(err as Error).message}`, { cause: err });
      }
      // Opened first, then measured: a file removed in between is still read whole from the open handle.
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { type: typeOfKey(key)!, size: info.size, body: handle.createReadStream() };
    },

    async getBuffer(key) {
      const file = fileOf(key);
      try {
        const bytes = await readFile(file);
        return { type: typeOfKey(key)!, size: bytes.length, bytes };
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw new FileStoreError(`file store: could not read ${key}: ${(err as Error).message}`, { cause: err });
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (err) {
        throw new FileStoreError(`file store: could not delete ${key}: ${(err as Error).message}`, { cause: err });
      }
    },

    async exists(key) {
      const file = fileOf(key);
      try {
        return (await stat(file)).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw new FileStoreError(`file store: could not look up ${key}: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}
