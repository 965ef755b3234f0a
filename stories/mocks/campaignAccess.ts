import { campaignAccessEndpoints } from '../../src/api/contract/campaignAccess';
import { campaignDetailEndpoints } from '../../src/api/contract/campaignDetail';
import { APPLICATION_MESSAGES } from '../../src/shared/campaignApplication';
import { campaignFixture } from './campaignDetail';
import { answer, failure, networkError, pending, type MockOptions } from './http';

/** MSW handlers of the application modal: its questions and the multipart submission. */
const { getApprovalQuestions, requestApproval } = campaignAccessEndpoints;

const APPROVED_AT_ONCE = 'You are approved to run this campaign. You can build your tracking link now.';

export const APPROVAL_PREFACE = 'NovaLend reviews every publisher. Tell us where your traffic comes from; answers are read by the network team.';

export const campaignAccessHandlers = {
  questions: (questions: [string, string, string] = ['', '', ''], preface = APPROVAL_PREFACE) =>
    answer(getApprovalQuestions, {
      success: true,
      approval_info: { approval_preface: preface },
      approval_questions: { question1: questions[0], question2: questions[1], question3: questions[2] },
    }),
  questionsFail: () => failure(getApprovalQuestions, 'Something went wrong on our side. Please try again.', 500),
  questionsPending: () => pending(getApprovalQuestions),
  sent: (spy?: MockOptions) =>
    answer(requestApproval, { success: true, message: 'Your request has been sent. We will let you know as soon as it has been reviewed.', status: 'Pending' }, spy),
  approved: () => answer(requestApproval, { success: true, message: APPROVED_AT_ONCE, status: 'Approved' }),
  /**
   * A campaign approved at once (Public, or By Request with automatic approval): its page answers
   * 'Not requested' until the request is sent, then 'Approved' (the reload after the submission).
   * Call it per story run: the two handlers share what happened.
   */
  approvedAtOnce: () => {
    let approved = false;
    return [
      answer(campaignDetailEndpoints.getCampaign, () => ({
        success: true as const,
        campaign: { ...campaignFixture, details: { ...campaignFixture.details, affiliate_campaign_status: approved ? ('Approved' as const) : ('Not requested' as const) } },
      })),
      answer(requestApproval, () => {
        approved = true;
        return { success: true as const, message: APPROVED_AT_ONCE, status: 'Approved' as const };
      }),
    ];
  },
  limitReached: () => failure(requestApproval, APPLICATION_MESSAGES.limitReached, 403),
  refused: (message: string, status = 400) => failure(requestApproval, message, status),
  networkError: () => networkError(requestApproval),
  sending: () => pending(requestApproval),
};
