import { campaignAccessEndpoints } from '../../src/api/contract/campaignAccess';
import { APPLICATION_MESSAGES } from '../../src/shared/campaignApplication';
import { answer, failure, networkError, pending, type MockOptions } from './http';

/** MSW handlers of the application modal (issue 15): its questions and the multipart submission. */
const { getApprovalQuestions, requestApproval } = campaignAccessEndpoints;

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
  approved: () => answer(requestApproval, { success: true, message: 'You are approved to run this campaign. You can build your tracking link now.', status: 'Approved' }),
  limitReached: () => failure(requestApproval, APPLICATION_MESSAGES.limitReached, 403),
  refused: (message: string, status = 400) => failure(requestApproval, message, status),
  networkError: () => networkError(requestApproval),
  sending: () => pending(requestApproval),
};
