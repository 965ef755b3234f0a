import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { MarketingBanner, ReferralBanner } from '../../../src/features/register/Banner';
import { AddressStep, ContactStep, ExperienceStep, IdentificationStep, PersonalStep, TermsStep } from '../../../src/features/register/Steps';
import { ThankYou } from '../../../src/features/register/ThankYou';
import { emptyFields, type IdImages } from '../../../src/machines/registration.machine';
import { registrationMessages as M, validateAddress, validateContact, validateExperience, validatePersonal, validateTerms } from '../../../src/shared/registration';
import { partnerCampaign } from '../../mocks/register';
import { registrationSample, sampleIdImage } from '../../mocks/registerSamples';

/**
 * The wizard's steps on their own, each with every message its rules can show at once (spec 002 §5):
 * the values that break each rule, judged by the step's validator as the wizard does on Next.
 */
const meta = {
  title: 'Features/Register/Steps',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const long = (n: number) => 'x'.repeat(n);
const expectTexts = async (root: HTMLElement, texts: string[]) => {
  const canvas = within(root);
  for (const t of texts) await expect(canvas.getAllByText(t).length).toBeGreaterThan(0);
};

const personal = { ...registrationSample, firstname: long(60), lastname: long(50), company: long(101), email: 'abuse@example.org', password: 'short', password2: 'other' };
/** Name and company too long, a banned e-mail word, the password rule and the mismatch. */
export const PersonalMessages: Story = {
  render: () => <PersonalStep fields={personal} errors={validatePersonal(personal)} onEdit={fn()} emailNotice={null} questions={[]} />,
  play: ({ canvasElement }) => expectTexts(canvasElement, [M.nameTooLong, M.companyTooLong, M.emailNotAllowed, M.passwordRule, M.passwordsDontMatch]),
};

const contact = { ...registrationSample, mobile: '41655', im_handle: long(50), timezone: '', contact_time: '' };
/** The mobile too short (the message says 10 digits), no time zone or contact time, the Telegram handle too long. */
export const ContactMessages: Story = {
  render: () => <ContactStep fields={contact} errors={validateContact(contact)} onEdit={fn()} />,
  play: ({ canvasElement }) => expectTexts(canvasElement, [M.mobileTooShort, M.timezoneRequired, M.contactTimeRequired, M.telegramTooLong]),
};

/** The contact step holding its fields as the wizard does. */
function ContactWithFields() {
  const [fields, setFields] = useState({ ...registrationSample, timezone: '' });
  return <ContactStep fields={fields} errors={{}} onEdit={(f) => setFields((old) => ({ ...old, ...f }))} />;
}

/** In the open time-zone list, typing a zone's name ('Eastern') moves to it and Enter picks it; closed, typing picks it too. */
export const TimeZoneTypeahead: Story = {
  render: () => <ContactWithFields />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /Your Time Zone/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('Eastern');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(trigger).toHaveTextContent('(GMT-05:00) Eastern Time (US & Canada)'));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    // Closed: the typed name picks the zone straight away.
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the typeahead forgets after a second
    await userEvent.keyboard('Pacific');
    await waitFor(() => expect(trigger).toHaveTextContent(/Pacific Time/));
  },
};

const usAddress = { ...registrationSample, country: 'US', state: '', address_1: long(100), address_2: long(100) };
/** A US address without a state, the street and address 2 too long. */
export const AddressMessages: Story = {
  render: () => <AddressStep fields={usAddress} errors={validateAddress(usAddress)} onEdit={fn()} />,
  play: ({ canvasElement }) => expectTexts(canvasElement, [M.chooseState, M.streetTooLong, M.address2TooLong]),
};

const abroad = { ...registrationSample, country: 'GB', state: '', non_state: long(100), city: '', zipcode: '' };
/** Outside North America: the free-text state too long, the city and zip missing. */
export const AddressAbroadMessages: Story = {
  render: () => <AddressStep fields={abroad} errors={validateAddress(abroad)} onEdit={fn()} />,
  play: ({ canvasElement }) => expectTexts(canvasElement, [M.nonStateTooLong, M.cityRequired, M.zipRequired]),
};

/** Both images chosen: each previewed. */
export const IdentificationPreviews: Story = {
  render: () => <IdentificationStep images={{ idFront: sampleIdImage(), idBack: sampleIdImage('id-back.png') }} errors={{}} onImage={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Photo ID, front: preview' })).toBeInTheDocument();
  },
};

/** The type and size messages (as the wizard's rule answers for a file it was given). */
export const IdentificationMessages: Story = {
  render: () => <IdentificationStep images={{ idFront: null, idBack: null }} errors={{ idFront: M.imageType, idBack: M.imageTooLarge }} onImage={fn()} />,
  play: ({ canvasElement }) => expectTexts(canvasElement, [M.imageType, M.imageTooLarge]),
};

/** The identification step holding its images as the wizard does. */
function IdentificationWithImages({ onImage }: { onImage: (side: keyof IdImages, file: File | null) => void }) {
  const [images, setImages] = useState<IdImages>({ idFront: null, idBack: null });
  return (
    <IdentificationStep
      images={images}
      errors={{}}
      onImage={(side, file) => {
        onImage(side, file);
        setImages((i) => ({ ...i, [side]: file }));
      }}
    />
  );
}

const onImage = fn();
/** A PNG's first bytes, padded to `size` bytes. */
const pngOfSize = (name: string, size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
};

/**
 * Spec 002 §5 "Each under 25,000,000 bytes: 'The image must be less than 25MB'", and "Front and back
 * must be jpg, jpeg, png or gif": a refused replacement drops the image chosen before it (no tick, no
 * preview beside the message), so Next cannot go on with the earlier file.
 */
export const IdentificationEachUnder25000000BytesRefusedReplacementDropsTheOldFile: Story = {
  render: () => <IdentificationWithImages onImage={onImage} />,
  beforeEach: () => onImage.mockClear(),
  play: async ({ canvas }) => {
    const front = canvas.getByRole('group', { name: /Photo ID, front/ });
    const input = () => front.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input(), sampleIdImage());
    await expect(await within(front).findByText('id-front.png')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Photo ID, front: preview' })).toBeInTheDocument();

    await userEvent.upload(input(), pngOfSize('id-front-huge.png', 25_000_000));
    await expect(await within(front).findByText(M.imageTooLarge)).toBeVisible();
    await waitFor(() => expect(onImage).toHaveBeenLastCalledWith('idFront', null));
    await expect(within(front).queryByText('id-front.png')).not.toBeInTheDocument();
    await expect(within(front).getByText('No image chosen')).toBeVisible();
    await expect(canvas.queryByRole('img', { name: 'Photo ID, front: preview' })).not.toBeInTheDocument();

    // The same for a file that is not an image, after a good one.
    await userEvent.upload(input(), sampleIdImage());
    await expect(await within(front).findByText('id-front.png')).toBeVisible();
    await userEvent.upload(input(), new File(['not an image'], 'id-front.txt', { type: 'image/png' }));
    await expect(await within(front).findByText(M.imageType)).toBeVisible();
    await waitFor(() => expect(onImage).toHaveBeenLastCalledWith('idFront', null));
    await expect(within(front).queryByText('id-front.png')).not.toBeInTheDocument();
  },
};

const experience = { ...registrationSample, hear_about_source: 'other', hear_about: long(50), experience_level: '', experience_description: 'Too short.', promotion: 'Also short.' };
/** 'Other' with a source too long, no level, both descriptions under 50 characters (counters show). */
export const ExperienceMessages: Story = {
  render: () => <ExperienceStep fields={experience} errors={validateExperience(experience)} onEdit={fn()} />,
  play: ({ canvasElement }) => expectTexts(canvasElement, [M.sourceDescriptionTooLong, M.levelRequired, M.descriptionLength]),
};

const otherEmpty = { ...registrationSample, hear_about_source: 'other', hear_about: '' };
/** 'Other' without its text. */
export const ExperienceOtherRequired: Story = {
  render: () => <ExperienceStep fields={otherEmpty} errors={validateExperience(otherEmpty)} onEdit={fn()} />,
  play: ({ canvasElement }) => expectTexts(canvasElement, [M.sourceDescriptionRequired]),
};

/** None of the three boxes ticked. */
export const TermsMessages: Story = {
  render: () => <TermsStep fields={emptyFields} errors={validateTerms({})} onEdit={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText(M.termRequired)).toHaveLength(3);
  },
};

/** The thank-you page's three steps. */
export const ThankYouPage: Story = { render: () => <ThankYou /> };

/** The banners on their own: the default, the partner's, the referral bonus. */
export const Banners: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <ReferralBanner />
      <MarketingBanner campaign={null} />
      <MarketingBanner campaign={partnerCampaign} />
    </div>
  ),
};
