import type { FastifyBaseLogger } from 'fastify';
import { MATERIAL_IMAGES, MATERIAL_MESSAGES as M, type MaterialImageKind } from '../../../src/api/contract/opsMaterial';
import { ApiError, badRequest } from '../../lib/errors';
import { imageInfo, type ImageInfo } from '../../lib/imageBytes';
import { FileStoreError, newFileKey, type FileStore } from '../../lib/storage/fileStore';

/**
 * An upload's path from the request to the store and the database (docs/ops-files.md "Saving"):
 * the image is checked by its bytes, stored under a new key, then the row is written in a
 * transaction; when that transaction fails the new file is removed, so a failed save leaves
 * nothing behind. A file the save replaced or deleted is removed once the transaction has committed.
 */

export interface CheckedImage {
  bytes: Buffer;
  info: ImageInfo;
}

/** The multipart file part of an upload, checked: present (400), an image whole and of a known type (415), within its limits (413). */
export function checkedImage(raw: unknown, kind: MaterialImageKind): CheckedImage {
  if (raw === undefined || raw === null || raw === '') throw badRequest(M.noImage);
  // A text field of that name, or several files under it, is no image.
  if (!Buffer.isBuffer(raw)) throw new ApiError(415, M.notImage);
  if (raw.length === 0) throw badRequest(M.noImage);
  const limits = MATERIAL_IMAGES[kind];
  if (raw.length > limits.maxBytes) throw new ApiError(413, M.tooLarge(kind));
  const info = imageInfo(raw);
  if (!info) throw new ApiError(415, M.notImage);
  if (info.width > limits.maxSide || info.height > limits.maxSide) throw new ApiError(413, M.tooManyPixels(kind, info.width, info.height));
  return { bytes: raw, info };
}

/**
 * Stores the image under a new key, then runs the save with that key. A save that throws removes
 * the file again before the error goes on. A store that cannot take the file is a 503.
 */
export async function saveWithFile<T>(
  files: FileStore,
  log: FastifyBaseLogger,
  prefix: string,
  image: CheckedImage,
  save: (key: string) => Promise<T>,
): Promise<T> {
  const key = newFileKey(prefix, image.info.type);
  try {
    await files.put(key, image.bytes, image.info.type);
  } catch (err) {
    if (!(err instanceof FileStoreError)) throw err;
    log.error({ err }, 'the file store refused an upload');
    throw new ApiError(503, M.storeDown, 60);
  }
  try {
    return await save(key);
  } catch (err) {
    await files.delete(key).catch((removeErr: unknown) => log.error({ err: removeErr, key }, 'could not remove the file of a failed save'));
    throw err;
  }
}

/**
 * Removes the files a committed save no longer refers to. The save stands whatever happens here:
 * a file that cannot be removed is logged (it is served by no row any more, and its key is never reused).
 */
export async function removeFiles(files: FileStore, log: FastifyBaseLogger, keys: ReadonlyArray<string | null | undefined>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await files.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not remove a replaced or deleted file'));
  }
}
