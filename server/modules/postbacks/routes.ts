import { trackingEndpoints } from '../../../src/api/contract/tracking';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { checkTarget, SsrfError, type SsrfPolicy } from '../../lib/ssrf';
import { macroHelpHtml, stripMacros } from '../tracking/macros';
import { campaignPostbackTypes } from '../../../src/shared/postbackTypes';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';
import { postbackLogRoutes } from './log';
import { campaignWithAccess, helpText, saveCampaignPostback, saveGlobalPostback } from './queries';

const MACRO_HELP_ID = 18;

type PostbackType = '' | 'L' | 'I' | 'S';

const TYPE_NAMES: Record<PostbackType, string> = { '': 'none', L: 'URL', I: 'HTML', S: 'Server-Server URL' };

/**
 * URL types must be an http(s) URL once macros are set aside, and must not aim at a private, loopback,
 * link-local or reserved address (literal, or a name resolving only to such): refused when saved, not
 * only at delivery. HTML is free text.
 */
async function checkCode(type: PostbackType, code: string, policy: SsrfPolicy): Promise<string> {
  const trimmed = code.trim();
  if (type === '') return '';
  if (trimmed === '') throw badRequest('Enter the postback code for this type.');
  if (type === 'I') return code;
  let url: URL;
  try {
    url = new URL(stripMacros(trimmed));
  } catch {
    throw badRequest('The postback must be a full URL starting with http:// or https://.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('The postback must be a full URL starting with http:// or https://.');
  try {
    await checkTarget(url.toString(), policy);
  } catch (err) {
    if (!(err instanceof SsrfError)) throw err;
    throw badRequest(
      'This address is on a private or local network, where postbacks cannot be delivered. Use the public address of your server.',
    );
  }
  return trimmed;
}

export const postbackRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, trackingEndpoints.saveCampaignPostback, async (request) => {
    const now = ctx.now();
    const { affiliateId } = request.auth;
    const campaign = await campaignWithAccess(ctx.db, affiliateId, request.params.id);
    if (!campaign) throw notFound("This campaign doesn't exist.");
    if (campaign.access !== 'Approved') throw new ApiError(403, 'You are not approved to run this campaign.');
    const { type } = request.body;
    // '' (none: the global postback applies) is always allowed.
    if (type !== '' && !campaignPostbackTypes(campaign.tracking_type, campaign.supports_multiple_postback).includes(type)) {
      throw badRequest(`${type === 'I' ? 'An' : 'A'} ${TYPE_NAMES[type]} postback is not offered for this campaign's tracking type.`);
    }
    const code = await checkCode(type, request.body.code, ctx.postbackPolicy);
    await saveCampaignPostback(ctx.db, affiliateId, campaign.id, type, code, now);
    return { success: true as const, message: type === '' ? 'This campaign now uses your global postback.' : 'Your postback has been saved.' };
  });

  route(app, trackingEndpoints.saveGlobalPostback, async (request) => {
    const now = ctx.now();
    const { affiliateId } = request.auth;
    const { type } = request.body;
    const code = await checkCode(type, request.body.code, ctx.postbackPolicy);
    await saveGlobalPostback(ctx.db, affiliateId, type, code, now);
    return { success: true as const, message: type === '' ? 'Your global postback has been removed.' : 'Your global postback has been saved.' };
  });

  // The reversal postback: one server-to-server URL, checked as a global S postback is.
  route(app, trackingEndpoints.saveReversalPostback, async (request) => {
    const { affiliateId } = request.auth;
    const url = request.body.url.trim() === '' ? '' : await checkCode('S', request.body.url, ctx.postbackPolicy);
    if (url === '') {
      await ctx.db.deleteFrom('reversal_postbacks').where('affiliate_id', '=', affiliateId).execute();
      return { success: true as const, message: 'Your reversal postback has been removed.' };
    }
    const at = ctx.now();
    await ctx.db
      .insertInto('reversal_postbacks')
      .values({ affiliate_id: affiliateId, url, updated_at: at })
      .onConflict((oc) => oc.column('affiliate_id').doUpdateSet({ url, updated_at: at }))
      .execute();
    return { success: true as const, message: 'Your reversal postback has been saved.' };
  });

  route(app, trackingEndpoints.getHelpText, async (request) => {
    // 18 is generated from the macro list the engine substitutes, so the two cannot disagree.
    if (request.params.id === MACRO_HELP_ID) return { success: true as const, help_text: macroHelpHtml() };
    const row = await helpText(ctx.db, request.params.id);
    if (!row) throw notFound('There is no help text with this id.');
    return { success: true as const, help_text: row.body_html };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [postbackRoutes, postbackLogRoutes] };
