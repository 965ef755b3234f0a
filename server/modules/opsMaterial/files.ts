import { materialFileEndpoints } from '../../../src/api/contract/opsMaterial';
import { ApiError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import type { RoutePlugin } from '../../lib/routeModules';
import { FileStoreError } from '../../lib/storage/fileStore';
import { CDN_CACHE_CONTROL } from '../images/cdnRoutes';

/**
 * GET /cdn/files/{name}: an uploaded file, from the file store, as the type it was stored with.
 * Beside the drawn /cdn images and cached like them for a year (a key is never reused: a new
 * upload is a new name), nosniff so no browser takes it for anything else, and a CSP that lets
 * nothing in it run if it is opened directly. Public: the campaign page's <img> sends no token, and
 * the files are what the campaign page shows every affiliate anyway.
 */
export const materialFileRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, materialFileEndpoints.materialFile, async (request, reply) => {
    const { name } = request.params;
    let file;
    try {
      file = await ctx.files.get(name);
    } catch (err) {
      if (!(err instanceof FileStoreError)) throw err;
      request.log.error({ err }, 'the file store did not answer');
      throw new ApiError(503, 'This file cannot be read just now. Please try again in a minute.', 30);
    }
    if (!file) throw notFound('This file does not exist.');
    reply
      .type(file.type)
      .header('cache-control', CDN_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'");
    if (file.size > 0) reply.header('content-length', file.size);
    if (request.query.download) reply.header('content-disposition', `attachment; filename="${name}"`);
    if (request.method === 'HEAD') {
      file.body.destroy();
      return reply.send();
    }
    return reply.send(file.body);
  });
};
