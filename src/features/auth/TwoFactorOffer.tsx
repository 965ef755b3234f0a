import { useState, type FormEvent } from 'react';
import { paths } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { RadioGroup } from '../../ui/RadioGroup';
import { Form } from './LoginForm';

export const setupGuideUrl = paths.twoFactorGuide;

export interface TwoFactorOfferProps {
  variant: 'forced' | 'optional';
  isPending?: boolean;
  onAccept: () => void;
  onDecline: () => void;
  /** The forced offer's way out: leave the half sign-in and return to the sign-in screen. */
  onSignOut?: () => void;
}

/** The optional offer has no preselected answer: Proceed asks for one. */
export const offerChoiceRequired = 'Choose Yes or Not now.';

/** Spec 002 §2 Two-factor offer: forced ('Set Up Now') or optional (Yes / Not now, 'Proceed'). */
export function TwoFactorOffer({ variant, isPending, onAccept, onDecline, onSignOut }: TwoFactorOfferProps) {
  const [choice, setChoice] = useState<'yes' | 'no' | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (variant === 'forced' || choice === 'yes') onAccept();
    else if (choice === 'no') onDecline();
    else setMissing(true);
  };
  return (
    <Form onSubmit={submit} aria-label="Two-factor authentication">
      {variant === 'forced' ? (
        <p style={{ margin: 0 }}>Secure your account with Google 2-Factor Authentication.</p>
      ) : (
        <RadioGroup
          label="Would you like to secure your account with Google 2-Factor Authentication?"
          value={choice}
          onChange={(v) => {
            setChoice(v as 'yes' | 'no');
            setMissing(false);
          }}
          errorMessage={missing ? offerChoiceRequired : undefined}
          options={[
            { value: 'yes', label: 'Yes, set up Google 2-fa' },
            { value: 'no', label: 'Not now (setup will still be available through your profile settings)' },
          ]}
        />
      )}
      <Button type="submit" isPending={isPending}>
        {variant === 'forced' ? 'Set Up Now' : 'Proceed'}
      </Button>
      {variant === 'forced' && onSignOut && (
        <Button variant="quiet" onPress={onSignOut} isDisabled={isPending}>
          Sign out
        </Button>
      )}
      <Link href={setupGuideUrl} external>
        How to set up two-factor authentication
      </Link>
    </Form>
  );
}
