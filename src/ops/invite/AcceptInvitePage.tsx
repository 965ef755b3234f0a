import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { Form } from '../../components/auth/Form';
import { errorText } from '../../api/errors';
import { readProductName, SITE_ID } from '../../lib/page';
import { Button } from '../../ui/Button';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';
import { useAcceptInviteMutation } from '../api/accountApi';

/** The rules of an operator's password (src/api/contract/operator.ts AcceptInviteBody), said before the call. */
export const invitePasswordMessages = {
  tooShort: 'The password must be at least 12 characters.',
  mismatch: 'The two passwords are not the same.',
  noToken: 'This invitation link is incomplete. Open the link of your invitation e-mail again.',
} as const;

export interface AcceptInviteViewProps {
  productName: string;
  hasToken: boolean;
  isPending: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
}

/** An invited (or reset) operator chooses a password; the authenticator is set up at the first sign-in. */
export function AcceptInviteView({ productName, hasToken, isPending, error, onSubmit }: AcceptInviteViewProps) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const tooShort = password.length < 12;
  const mismatch = again !== password;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!tooShort && !mismatch) onSubmit(password);
  };
  return (
    <AuthLayout title="Join the back office" productName={`${productName} back office`} siteId={SITE_ID}>
      {!hasToken ? (
        <SystemMessage variant="error" isDismissable={false}>
          {invitePasswordMessages.noToken}
        </SystemMessage>
      ) : (
        <Form onSubmit={submit} noValidate aria-label="Choose your password">
          <p style={{ margin: 0 }}>Choose the password of your operator account. You will set up your authenticator app when you first sign in.</p>
          {error && (
            <SystemMessage variant="error" isDismissable={false}>
              {error}
            </SystemMessage>
          )}
          <TextField
            label="Password"
            name="new-password"
            type="password"
            autoComplete="new-password"
            description="At least 12 characters."
            value={password}
            onChange={setPassword}
            errorMessage={tried && tooShort ? invitePasswordMessages.tooShort : undefined}
            isRequired
          />
          <TextField
            label="Password again"
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={setAgain}
            errorMessage={tried && !tooShort && mismatch ? invitePasswordMessages.mismatch : undefined}
            isRequired
          />
          <div>
            <Button type="submit" isPending={isPending}>
              Set my password
            </Button>
          </div>
        </Form>
      )}
    </AuthLayout>
  );
}

export function AcceptInvitePage({ onAccepted }: { onAccepted: () => void }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [accept, result] = useAcceptInviteMutation();
  const submit = async (password: string) => {
    const answer = await accept({ token, password });
    if ('data' in answer) {
      onAccepted();
      // The token is spent: the address no longer carries it.
      navigate('/ops', { replace: true });
    }
  };
  return (
    <AcceptInviteView
      productName={readProductName()}
      hasToken={token !== ''}
      isPending={result.isLoading}
      error={errorText(result.error)}
      onSubmit={(p) => void submit(p)}
    />
  );
}
