import multipart from '@fastify/multipart';
import { MATERIAL_IMAGES, opsMaterialEndpoints as ep } from '../../../src/api/contract/opsMaterial';
import { route } from '../../lib/route';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';
import { cdnUrls } from '../images/cdn';
import {
  addBanner,
  addEmail,
  addTextLink,
  activeCreatives,
  assertBanner,
  assertCampaign,
  deleteCreative,
  editCreative,
  replaceBannerImage,
  toOpsCreative,
} from './creatives';
import { materialFileRoutes } from './files';
import {
  activePages,
  addLandingPage,
  assertLandingPage,
  campaignRef,
  deleteLandingPage,
  editLandingPage,
  setScreenshot,
  toOpsLandingPage,
} from './landingPages';
import { assertManager, setManagerPicture } from './managers';
import { checkedImage, removeFiles, saveWithFile } from './uploads';

/**
 * The back office's campaign material (src/api/contract/opsMaterial.ts, docs/ops-files.md):
 * landing pages, creatives, and the managers' photo and QR code. Roles are each endpoint's `roles`,
 * checked by the operator hook before any handler here; every write records its audit entry in its
 * own transaction. An upload is checked before anything is stored, stored before its row is written,
 * and removed again if the row's transaction fails (uploads.ts).
 */

const largestUpload = Math.max(...Object.values(MATERIAL_IMAGES).map((i) => i.maxBytes));
const uploadLimit = (kind: keyof typeof MATERIAL_IMAGES) => ({ bodyLimit: MATERIAL_IMAGES[kind].maxBytes + 1024 * 1024 });

export const opsMaterialRoutes: RoutePlugin = async (app, { ctx, creativeBaseUrl }) => {
  // Multipart for this module's routes only; the operator hook runs on request, before any part is read.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: largestUpload, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 6, headerPairs: 200 },
  });

  const cdn = cdnUrls(creativeBaseUrl);
  const { db, files } = ctx;
  const actor = (request: { operator: { operatorId: number }; ip: string }) => ({ operatorId: request.operator.operatorId, ip: request.ip, now: ctx.now() });

  // ---------- landing pages ----------

  route(app, ep.listLandingPages, async (request) => {
    const campaign = await campaignRef(db, request.params.id);
    const pages = await activePages(db, campaign.campaign_id);
    return { success: true as const, campaign, landing_pages: pages.map((p) => toOpsLandingPage(p, campaign.advertiser_id, cdn)) };
  });

  route(app, ep.addLandingPage, async (request) => ({
    success: true as const,
    landing_page: await addLandingPage(db, request.params.id, request.body, actor(request), cdn),
  }));

  route(app, ep.editLandingPage, async (request) => ({
    success: true as const,
    landing_page: await editLandingPage(db, request.params.id, request.body, actor(request), cdn),
  }));

  route(app, ep.deleteLandingPage, async (request) => {
    const screenshot = await deleteLandingPage(db, request.params.id, actor(request));
    await removeFiles(files, request.log, [screenshot]);
    return { success: true as const };
  });

  route(
    app,
    ep.uploadLandingPageScreenshot,
    async (request) => {
      await assertLandingPage(db, request.params.id);
      const image = checkedImage(request.body.screenshot, 'screenshot');
      const { page, replaced } = await saveWithFile(files, request.log, 'screenshot', image, (key) => setScreenshot(db, request.params.id, key, actor(request), cdn));
      await removeFiles(files, request.log, [replaced]);
      return { success: true as const, landing_page: page };
    },
    uploadLimit('screenshot'),
  );

  route(app, ep.removeLandingPageScreenshot, async (request) => {
    const { page, replaced } = await setScreenshot(db, request.params.id, null, actor(request), cdn);
    await removeFiles(files, request.log, [replaced]);
    return { success: true as const, landing_page: page };
  });

  // ---------- creatives ----------

  route(app, ep.listCreatives, async (request) => {
    const campaign = await campaignRef(db, request.params.id);
    const rows = await activeCreatives(db, campaign.campaign_id);
    return { success: true as const, campaign, creatives: rows.map((r) => toOpsCreative(r, campaign.advertiser_id, cdn)) };
  });

  route(
    app,
    ep.addBanner,
    async (request) => {
      await assertCampaign(db, request.params.id);
      const image = checkedImage(request.body.image, 'banner');
      const creative = await saveWithFile(files, request.log, 'banner', image, (key) => addBanner(db, request.params.id, request.body.name, key, image.info, actor(request), cdn));
      return { success: true as const, creative };
    },
    uploadLimit('banner'),
  );

  route(
    app,
    ep.replaceBannerImage,
    async (request) => {
      await assertBanner(db, request.params.id);
      const image = checkedImage(request.body.image, 'banner');
      const { creative, replaced } = await saveWithFile(files, request.log, 'banner', image, (key) =>
        replaceBannerImage(db, request.params.id, key, image.info, actor(request), cdn),
      );
      await removeFiles(files, request.log, [replaced]);
      return { success: true as const, creative };
    },
    uploadLimit('banner'),
  );

  route(app, ep.addTextLink, async (request) => ({
    success: true as const,
    creative: await addTextLink(db, request.params.id, request.body, actor(request), cdn),
  }));

  route(app, ep.addEmail, async (request) => ({
    success: true as const,
    creative: await addEmail(db, request.params.id, request.body, actor(request), cdn),
  }));

  route(app, ep.editCreative, async (request) => ({
    success: true as const,
    creative: await editCreative(db, request.params.id, request.body, actor(request), cdn),
  }));

  route(app, ep.deleteCreative, async (request) => {
    const image = await deleteCreative(db, request.params.id, actor(request));
    await removeFiles(files, request.log, [image]);
    return { success: true as const };
  });

  // ---------- managers ----------

  route(
    app,
    ep.uploadManagerPhoto,
    async (request) => {
      await assertManager(db, request.params.id);
      const image = checkedImage(request.body.photo, 'managerPhoto');
      const { manager, replaced } = await saveWithFile(files, request.log, 'manager-photo', image, (key) =>
        setManagerPicture(db, request.params.id, 'photo', key, actor(request), cdn),
      );
      await removeFiles(files, request.log, [replaced]);
      return { success: true as const, manager };
    },
    uploadLimit('managerPhoto'),
  );

  route(
    app,
    ep.uploadManagerQr,
    async (request) => {
      await assertManager(db, request.params.id);
      const image = checkedImage(request.body.qr, 'managerQr');
      const { manager, replaced } = await saveWithFile(files, request.log, 'manager-qr', image, (key) =>
        setManagerPicture(db, request.params.id, 'qr', key, actor(request), cdn),
      );
      await removeFiles(files, request.log, [replaced]);
      return { success: true as const, manager };
    },
    uploadLimit('managerQr'),
  );
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [opsMaterialRoutes], site: [materialFileRoutes] };
