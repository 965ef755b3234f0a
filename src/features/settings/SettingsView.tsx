import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AffiliateResponse } from '../../api/contract/affiliate';
import { useGetSecurityQuestionsQuery } from '../../api/settingsApi';
import { SETTINGS_WINDOW_MINUTES } from '../../shared/profileOptions';
import { Button } from '../../ui/Button';
import { column, spreadRow } from '../../ui/Stack';
import { SystemMessage } from '../../ui/SystemMessage';
import { AddressCard, EmailPreferencesCard, PersonalCard, PhoneCard, PromotionalCard, SecurityCard } from './cards';
import { PaymentCard } from './PaymentCard';
import { TwoFactorCard } from './TwoFactorCard';

export const settingsText = {
  title: 'Profile & Settings',
  readOnly: `Your settings are read-only. Press Edit and verify your account with a code to change them for the next ${SETTINGS_WINDOW_MINUTES} minutes.`,
  loadFailed: 'There was an error signing in. Please try again.',
  smsHint: 'Add your mobile number to receive code via SMS',
  lockLoadFailed: 'Connection error. Press Edit again to retry.',
} as const;

export const Page = styled.div`
  ${column(4)}
`;
const Head = styled.div`
  ${spreadRow(3)}
  h1 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;
const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  align-items: start;
  @media (max-width: 960px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
const Column = styled.div`
  ${column(4)}
`;
// Marked as a screen still loading, as PageLoading is (the shell keeps what sits below it back).
export const Center = styled.div.attrs<{ 'data-screen-loading'?: string }>({ 'data-screen-loading': '' })`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space[8]}px 0;
`;

/** Where the page's lock stands, from the lock machine or, before it is loaded, the resting lock. */
export interface SettingsLockView {
  editable: boolean;
  notice: string | null;
  /** Edit pressed: the verification starts. */
  onEdit: () => void;
  /** The Edit button waits (the lock's code is on its way). */
  editPending?: boolean;
  onLocked: (message: string) => void;
  onSaved: () => void;
}

/** The loaded page (spec 001 §2.5): the heading with Edit, the notice, the eight cards in two columns. */
export function SettingsView({ affiliate, lock, children }: { affiliate: AffiliateResponse; lock: SettingsLockView; children?: ReactNode }) {
  const questions = useGetSecurityQuestionsQuery();
  const { editable, notice, onLocked, onSaved } = lock;
  const cardProps = { affiliate, editable, onLocked, onSaved };
  return (
    <Page>
      <Head>
        <h1>{settingsText.title}</h1>
        {!editable && (
          <Button onPress={lock.onEdit} isPending={lock.editPending} aria-label="Edit your settings">
            Edit
          </Button>
        )}
      </Head>
      {notice ? (
        <SystemMessage variant={editable ? 'success' : 'info'} isDismissable={false}>
          {notice}
        </SystemMessage>
      ) : (
        !editable && (
          <SystemMessage variant="info" isDismissable={false}>
            {settingsText.readOnly}
          </SystemMessage>
        )
      )}
      <Columns>
        <Column>
          <PersonalCard {...cardProps} />
          <EmailPreferencesCard {...cardProps} />
          <PhoneCard {...cardProps} />
          <AddressCard {...cardProps} />
        </Column>
        <Column>
          <PaymentCard {...cardProps} />
          <SecurityCard {...cardProps} questions={questions.data?.securityQuestions ?? []} />
          <TwoFactorCard {...cardProps} />
          <PromotionalCard {...cardProps} />
        </Column>
      </Columns>
      {children}
    </Page>
  );
}
