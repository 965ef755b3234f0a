import { z } from 'zod';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/** A security question (spec 001 section 3): one select of the profile is fed from each group. */
export const SecurityQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  question_group: z.union([z.literal(1), z.literal(2)]),
});
export type SecurityQuestion = z.infer<typeof SecurityQuestion>;

export const SecurityQuestionsResponse = successEnvelope({ securityQuestions: z.array(SecurityQuestion) });

/** Calls of joining the network and of the profile that need no session (spec 001 section 7, spec 002). */
export const registerEndpoints = {
  getSecurityQuestions: endpoint({
    method: 'GET',
    path: '/register/getSecurityQuestions',
    access: 'public',
    tags: ['register'],
    summary: 'The security questions of both groups, in the order of their ids; no session needed',
    response: SecurityQuestionsResponse,
  }),
};
