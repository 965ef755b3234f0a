import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Advertiser, AdvertiserInput } from '../../api/contract/opsOffers';
import { Button } from '../../ui/Button';
import { LinkButton } from '../../ui/LinkButton';
import { RadioGroup } from '../../ui/RadioGroup';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { Actions } from './AdvertiserListView';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  max-width: 640px;
`;

/** The sentences the form says before sending (the server's own, from src/api/contract/opsOffers.ts). */
export const advertiserFormMessages = {
  name: "Enter the advertiser's name.",
  email: 'Enter a valid contact e-mail address (or leave it empty).',
} as const;

export interface AdvertiserFormProps {
  /** The advertiser being edited; absent: a new one. */
  advertiser?: Advertiser;
  isPending: boolean;
  /** The server's sentence when it refused the save. */
  error: string | null;
  onSubmit: (input: AdvertiserInput) => void;
  /** Where Cancel goes. */
  cancelHref: string;
}

/** Create or edit an advertiser: name, contact e-mail, notes, status. */
export function AdvertiserForm({ advertiser, isPending, error, onSubmit, cancelHref }: AdvertiserFormProps) {
  const [name, setName] = useState(advertiser?.name ?? '');
  const [email, setEmail] = useState(advertiser?.contact_email ?? '');
  const [notes, setNotes] = useState(advertiser?.notes ?? '');
  const [status, setStatus] = useState<Advertiser['status']>(advertiser?.status ?? 'active');
  const [tried, setTried] = useState(false);
  const nameError = name.trim() === '' ? advertiserFormMessages.name : undefined;
  const emailError = email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? advertiserFormMessages.email : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameError || emailError) return;
    onSubmit({ name: name.trim(), contact_email: email.trim(), notes, status });
  };
  const title = advertiser ? `Edit ${advertiser.name}` : 'New advertiser';
  return (
    <div>
      <h1 style={{ marginTop: 0, overflowWrap: 'anywhere' }}>{title}</h1>
      <Form onSubmit={submit} noValidate aria-label={title}>
        {error && (
          <SystemMessage variant="error" isDismissable={false}>
            {error}
          </SystemMessage>
        )}
        <TextField label="Name" value={name} onChange={setName} isRequired errorMessage={tried ? nameError : undefined} isInvalid={tried && !!nameError} />
        <TextField
          label="Contact e-mail"
          type="email"
          description="Optional: who to reach at the advertiser."
          value={email}
          onChange={setEmail}
          errorMessage={tried ? emailError : undefined}
          isInvalid={tried && !!emailError}
        />
        <TextArea label="Notes" description="Seen by operators only." value={notes} onChange={setNotes} maxLength={5000} rows={4} />
        <RadioGroup
          label="Status"
          value={status}
          onChange={(v) => setStatus(v as Advertiser['status'])}
          description="An inactive advertiser has no campaign running: pause or expire them first."
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
        <Actions>
          <Button type="submit" isPending={isPending}>
            {advertiser ? 'Save the changes' : 'Create the advertiser'}
          </Button>
          <LinkButton variant="secondary" href={cancelHref}>
            Cancel
          </LinkButton>
        </Actions>
      </Form>
    </div>
  );
}
