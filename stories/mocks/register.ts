import { joinEndpoints, registerEndpoints, type ReApplicationDetails, type MarketingCampaign } from '../../src/api/contract/register';
import { registrationMessages } from '../../src/shared/registration';
import { mocksOf } from './http';

export const campaignMocks = mocksOf(joinEndpoints.marketingCampaign);
export const reApplicationMocks = mocksOf(joinEndpoints.reApplication);
export const checkEmailMocks = mocksOf(joinEndpoints.checkEmail);
export const checkPhoneMocks = mocksOf(joinEndpoints.checkPhone);
export const trackMocks = mocksOf(joinEndpoints.trackApplication);
export const removeIdEntryMocks = mocksOf(joinEndpoints.removeIdEntry);
export const registerMocks = mocksOf(joinEndpoints.register);
export const securityQuestionMocks = mocksOf(registerEndpoints.getSecurityQuestions);

/** A partner's banner: the logo drawn inline (nothing fetched), HTML content with a script that must not survive. */
export const partnerCampaign: MarketingCampaign = {
  campaign_header: 'Welcome, Affiliate Summit readers',
  campaign_image: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#1f5bc4"/><text x="60" y="26" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">Partner</text></svg>')}`,
  campaign_content: '<p>Sign up through this page and get <strong>priority review</strong> of your application.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
};

export const earlierApplication: ReApplicationDetails = {
  e_mail: 'ada.lovelace@example.org',
  /** The company (spec 002 §3); the contact time is `contact_time`. */
  contact: 'Lovelace Media',
  contact_time: '1',
  name: 'Ada Lovelace',
  street_address_1: '12 King Street West',
  street_address_2: '',
  city: 'Toronto',
  state: 'ON',
  country_code: 'CA',
  zip_code: 'M5H 1A1',
  phone: '',
  mobile_phone: '4165550123',
  im_id: '@ada',
  experience_level: 2,
  experience_description: 'Five years of search and social campaigns for finance and insurance offers.',
};

export const registerHandlers = {
  partner: () => campaignMocks.answer({ success: true, data: partnerCampaign }),
  prefill: () => reApplicationMocks.answer({ success: true, data_exists: true, details: earlierApplication }),
  prefillFailed: () => reApplicationMocks.failure(registrationMessages.applicantDataFailed),
  /** Every call of a walk through the wizard answered as for an application that is accepted. */
  accepting: () => [
    checkEmailMocks.answer({ success: true, taken: false }),
    checkPhoneMocks.answer({ success: true, isValid: true }),
    trackMocks.answer({ success: true }),
    removeIdEntryMocks.answer({ success: true }),
    registerMocks.answer({ success: true, message: registrationMessages.registered, affiliate_id: 100777 }),
  ],
  questions: () =>
    securityQuestionMocks.answer({
      success: true,
      securityQuestions: [
        { id: 1, question: 'What was the name of your first pet?', question_group: 1 },
        { id: 2, question: 'In what city were you born?', question_group: 1 },
        { id: 7, question: 'What was the make of your first car?', question_group: 2 },
      ],
    }),
};
