import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { VerifyRegistrationResponse } from '../../api/contract/register';
import { errorText } from '../../api/errors';
import { useVerifyRegistrationQuery } from '../../api/verifyApi';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { paths } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';

export const verifyText = {
  verified: 'Your account has been verified!',
  active: 'Your e-mail address is confirmed and your account is active.',
  invalid: 'This confirmation link is invalid.',
  invalidHelp: 'It may have expired, or been copied only in part. Open the link from the newest e-mail we sent you, or contact us.',
  checking: 'Confirming your e-mail address',
} as const;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
  p { margin: 0; }
`;
const Steps = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]}px;
  li { margin-bottom: ${({ theme }) => theme.space[2]}px; }
`;
const Manager = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[3]}px;
  margin: 0;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space[5]}px 0;
`;

function Verified({ answer }: { answer: VerifyRegistrationResponse }) {
  const m = answer.affiliateManager;
  return (
    <Stack>
      <p>Two steps remain before you can start promoting campaigns:</p>
      <Steps>
        {answer.list.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Steps>
      <Manager aria-label="Your affiliate manager">
        <dt>Affiliate manager</dt>
        <dd>{m.name || 'Assigned soon'}</dd>
        {m.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{m.phone}</dd>
          </>
        ) : null}
        {m.telegram ? (
          <>
            <dt>Telegram</dt>
            <dd>{m.telegram}</dd>
          </>
        ) : null}
        {answer.affiliate_id !== null ? (
          <>
            <dt>Your affiliate ID</dt>
            <dd>{answer.affiliate_id}</dd>
          </>
        ) : null}
      </Manager>
      <p>
        Business hours: {answer.businessHours} Eastern, Monday to Friday. It is now {answer.currentTime} on {answer.dayOfWeek}, Eastern time.
      </p>
    </Stack>
  );
}

const titles = { 0: verifyText.invalid, 1: 'E-mail confirmed', 2: verifyText.verified } as const;

export interface VerifyPageProps {
  productName: string;
  siteId: string;
}

/** /verify?i={affiliateId}&e={code}: the e-mail confirmation's three outcomes (spec 002 §2, §4). */
export function VerifyPage({ productName, siteId }: VerifyPageProps) {
  const [params] = useSearchParams();
  const i = params.get('i') ?? '';
  const e = params.get('e') ?? '';
  const { data, error, isFetching, refetch } = useVerifyRegistrationQuery({ i, e });
  const frame = { productName, siteId };
  if (isFetching && !data) {
    return (
      <AuthLayout title={verifyText.checking} {...frame}>
        <Centered>
          <Spinner label={verifyText.checking} />
        </Centered>
      </AuthLayout>
    );
  }
  if (error || !data) {
    return (
      <AuthLayout title="We could not confirm your e-mail address" {...frame}>
        <Stack>
          <ErrorMessage>{errorText(error)}</ErrorMessage>
          <div>
            <Button onPress={() => void refetch()}>Try again</Button>
          </div>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={titles[data.status]} {...frame}>
      {data.status === 2 ? <Verified answer={data} /> : null}
      {data.status === 1 ? (
        <Stack>
          <p>{verifyText.active}</p>
          <p>
            <Link href={paths.root}>Sign in</Link>
          </p>
        </Stack>
      ) : null}
      {data.status === 0 ? (
        <Stack>
          <p>{verifyText.invalidHelp}</p>
          <p>
            <Link href={paths.root}>Back to sign in</Link>
          </p>
        </Stack>
      ) : null}
    </AuthLayout>
  );
}
