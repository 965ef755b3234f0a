import { z } from 'zod';
import {
  AD_IMAGE_MAX_BYTES,
  APPLICATION_MESSAGES as M,
  APPLICATION_TRAFFIC_CODES,
  DESCRIPTION_MAX,
  LEADS_MAX_LENGTH,
} from '../../shared/campaignApplication';
import { AffiliateCampaignStatus, CampaignIdParams } from './campaignDetail';
import { SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * Asking for access to a By Request campaign (spec 000 sections 2 "campaign application modal",
 * 4 "Campaign access" and "Application submit", 5, 7, 8):
 *
 *   GET  /campaign/{id}/requestApproval  -> approval_info, approval_questions
 *   POST /campaign/{id}/requestApproval  (multipart) -> message, status
 *
 * The rules live once in src/shared/campaignApplication.ts; the server re-checks every one of them
 * on submit (the per-traffic-type source answers too) and refuses a new request with the spec's
 * limit message once the affiliate has `BY_REQUEST_LIMIT` requests waiting for review.
 * Who approves (the spec: "not shown"): each campaign has an approval mode, automatic or reviewed by
 * the network's operator (src/api/contract/operator.ts); docs/campaigns.md "Access requests".
 */

export const ApprovalQuestionsResponse = successEnvelope({
  approval_info: z.object({ approval_preface: z.string() }),
  /** '' when the campaign asks no such question (the modal then leaves it out). */
  approval_questions: z.object({ question1: z.string(), question2: z.string(), question3: z.string() }),
});
export type ApprovalQuestionsResponse = z.infer<typeof ApprovalQuestionsResponse>;

const Answer = (max: number) => SafeText().max(max, `This answer can be at most ${max} characters.`).default('');

/**
 * The multipart fields of the submission (spec 000 section 7). `creativeFile` is the ad-placement
 * image (a File in the browser; the server checks its bytes, not its name or declared type). The
 * rules that depend on the campaign (which custom questions it asks, which traffic types it allows)
 * and on the traffic type (the source answers) are checked by the server with the campaign at hand.
 */
export const RequestApprovalBody = z.object({
  estimatedLeads: SafeText()
    .max(LEADS_MAX_LENGTH, M.leadsTooLong)
    .refine((v) => v.trim() !== '', M.leadsRequired)
    .refine((v) => /^\d*$/.test(v.trim()), M.leadsNumeric),
  trafficType: z.enum(APPLICATION_TRAFFIC_CODES, { error: M.trafficRequired }),
  description: SafeText().max(DESCRIPTION_MAX, M.descriptionTooLong).refine((v) => v.trim() !== '', M.descriptionRequired),
  custom1: Answer(1000),
  custom2: Answer(1000),
  custom3: Answer(1000),
  creative: z.enum(['E', 'M'], { error: M.creativeRequired }),
  source1: Answer(500),
  source2: Answer(500),
  source3: Answer(500),
  /** The ad-placement image; required with creative M. */
  creativeFile: z.unknown().optional(),
});
export type RequestApprovalInput = Omit<z.input<typeof RequestApprovalBody>, 'creativeFile'> & { creativeFile?: Blob };

export const RequestApprovalResponse = successEnvelope({
  /** For the affiliate: 'Your request has been sent...' or, on an automatically approved campaign, 'You are approved...'. */
  message: z.string(),
  /** The affiliate's status on the campaign after the request: 'Pending' (reviewed) or 'Approved' (automatic). */
  status: AffiliateCampaignStatus,
});
export type RequestApprovalResponse = z.infer<typeof RequestApprovalResponse>;

const tags = ['campaigns'];

export const campaignAccessEndpoints = {
  getApprovalQuestions: endpoint({
    method: 'GET',
    path: '/campaign/:id/requestApproval',
    access: 'session',
    tags,
    summary: "The application's preface and custom questions of a By Request campaign (spec 000 sections 3, 7)",
    params: CampaignIdParams,
    response: ApprovalQuestionsResponse,
    errors: [404],
  }),
  requestApproval: endpoint({
    method: 'POST',
    path: '/campaign/:id/requestApproval',
    access: 'session',
    tags,
    summary:
      'Apply to run a By Request campaign (multipart, with an optional ad-placement image; spec 000 sections 5, 7, 8). Approved at once on a campaign with automatic approval, else waits for the operator.',
    params: CampaignIdParams,
    body: RequestApprovalBody,
    multipart: { files: ['creativeFile'], maxFileBytes: AD_IMAGE_MAX_BYTES, tooLargeMessage: M.imageTooLarge },
    response: RequestApprovalResponse,
    errors: [403, 404, 409, 415],
  }),
};
