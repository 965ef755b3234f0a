import { trackingEndpoints } from '../../../src/api/contract/tracking';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { checkTarget, SsrfError, type SsrfPolicy } from '../../lib/ssrf';
import { macroHelpHtml, stripMacros } from '../tracking/macros';
import { campaignPostbackTypes } from '../../../src/shared/postbackTypes';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';
import { postbackLogRoutes } from './log';

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
    const campaign = await ctx.db
      .selectFrom('campaigns')
      .leftJoin('campaign_access', (j) => j.onRef('campaign_access.campaign_id', '=', 'campaigns.id').on('campaign_access.affiliate_id', '=', affiliateId))
      .select(['campaigns.id', 'campaigns.tracking_type', 'campaigns.supports_multiple_postback', 'campaign_access.status as access'])
      .where('campaigns.id', '=', request.params.id)
      .executeTakeFirst();
    if (!campaign) throw notFound("This campaign doesn't exist.");
    if (campaign.access !== 'Approved') throw new ApiError(403, 'You are not approved to run this campaign.');
    const { type } = request.body;
    // '' (none: the global postback applies) is always allowed.
    if (type !== '' && !campaignPostbackTypes(campaign.tracking_type, campaign.supports_multiple_postback).includes(type)) {
      throw badRequest(`${type === 'I' ? 'An' : 'A'} ${TYPE_NAMES[type]} postback is not offered for this campaign's tracking type.`);
    }
    const code = await checkCode(type, request.body.code, ctx.postbackPolicy);
    await ctx.db
      .insertInto('postbacks')
      .values({ affiliate_id: affiliateId, campaign_id: campaign.id, type, code, updated_at: now })
      .onConflict((oc) => oc.columns(['affiliate_id', 'campaign_id']).where('campaign_id', 'is not', null).doUpdateSet({ type, code, updated_at: now }))
      .execute();
    return { success: true as const, message: type === '' ? 'This campaign now uses your global postback.' : 'Your postback has been saved.' };
  });

  route(app, trackingEndpoints.saveGlobalPostback, async (request) => {
    const now = ctx.now();
    const { affiliateId } = request.auth;
    const { type } = request.body;
    const code = await checkCode(type, request.body.code, ctx.postbackPolicy);
    await ctx.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('postbacks')
        .select(['id', 'type'])
        .where('affiliate_id', '=', affiliateId)
        .where('campaign_id', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      // Spec 002 section 2: Server-Server URL is offered only when it is already the saved type.
      if (type === 'S' && current?.type !== 'S') throw badRequest('Server-Server URL postbacks are no longer offered: choose URL or HTML.');
      if (current) await trx.updateTable('postbacks').set({ type, code, updated_at: now }).where('id', '=', current.id).execute();
      else await trx.insertInto('postbacks').values({ affiliate_id: affiliateId, campaign_id: null, type, code, updated_at: now }).execute();
    });
    return { success: true as const, message: type === '' ? 'Your global postback has been removed.' : 'Your global postback has been saved.' };
  });

  route(app, trackingEndpoints.getHelpText, async (request) => {
    // 18 is generated from the macro list the engine substitutes, so the two cannot disagree.
    if (request.params.id === MACRO_HELP_ID) return { success: true as const, help_text: macroHelpHtml() };
    const row = await ctx.db.selectFrom('help_texts').select('body_html').where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound('There is no help text with this id.');
    return { success: true as const, help_text: row.body_html };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [postbackRoutes, postbackLogRoutes] };
