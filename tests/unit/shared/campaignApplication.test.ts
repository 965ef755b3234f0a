import { describe, expect, it } from 'vitest';
import { RequestApprovalBody } from '../../../src/api/contract/campaignAccess';
import { leadsProblem } from '../../../src/shared/campaignApplication';

const SPEC_MESSAGE = 'Number of leads you will send must be a numeric value.';

describe("Leads per day: required, must be numeric, otherwise 'Number of leads you will send must be a numeric value.'", () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['not a number', '12a'],
    ['two numbers', '4 0'],
  ])('%s leads read the spec message', (_name, value) => {
    expect(leadsProblem(value)).toBe(SPEC_MESSAGE);
  });

  it('the server reads an empty field the same way', () => {
    const answer = RequestApprovalBody.shape.estimatedLeads.safeParse('');
    expect(answer.success).toBe(false);
    expect(answer.error?.issues.map((i) => i.message)).toContain(SPEC_MESSAGE);
    expect(new Set(answer.error?.issues.map((i) => i.message))).toEqual(new Set([SPEC_MESSAGE]));
  });

  it('a number of leads is accepted', () => {
    expect(leadsProblem('40')).toBeNull();
  });
});
