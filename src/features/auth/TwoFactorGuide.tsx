import styled from 'styled-components';
import { paths } from '../../shared/paths';
import { Link } from '../../ui/Link';
import { AuthLayout } from '../../components/auth/AuthLayout';

const Guide = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  h2 { margin: ${({ theme }) => theme.space[3]}px 0 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p, ol, ul { margin: 0; }
  ol, ul { padding-left: 1.25em; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space[1]}px; }
`;

export interface TwoFactorGuideProps {
  productName: string;
  siteId: string;
}

/**
 * The set-up guide the two-factor offers link to (spec 002 §2: 'a link to a set-up guide'; its text
 * is ours). A public page: it opens in its own tab from the sign-in journey, signed in or not.
 */
export function TwoFactorGuide({ productName, siteId }: TwoFactorGuideProps) {
  return (
    <AuthLayout title="How to set up two-factor authentication" productName={productName} siteId={siteId}>
      <Guide>
        <p>
          Two-factor authentication asks for a 6-digit code from an app on your phone each time you sign in, so a stolen password
          alone cannot open your account.
        </p>
        <h2>Before you start</h2>
        <p>
          Install an authenticator app on your phone: Google Authenticator (App Store or Google Play) works, and so does any app that
          supports time-based codes, such as Microsoft Authenticator or 1Password.
        </p>
        <h2>Set it up</h2>
        <ol>
          <li>Choose Set Up Now (or Yes) when {productName} offers two-factor authentication at sign-in, or use Settings once signed in.</li>
          <li>Download the app if you have not yet, then press Next.</li>
          <li>
            In the app, add an account and scan the QR code on the screen. If you cannot scan it, type the key shown under the code
            instead.
          </li>
          <li>Press Next, type the 6-digit code the app now shows for {productName}, and press Activate.</li>
          <li>When the success screen appears, two-factor authentication is on.</li>
        </ol>
        <h2>If something goes wrong</h2>
        <ul>
          <li>
            A code is refused: codes change every 30 seconds, so type the current one. If it keeps failing, set your phone&apos;s date
            and time to automatic: the codes depend on the clock.
          </li>
          <li>
            After a wrong code during set-up you get a new QR code. Remove the entry you added before from your app, then scan the new
            code: the old entry will never give a valid code.
          </li>
          <li>You lost your phone or removed the app: contact your affiliate manager, who can reset it for you.</li>
        </ul>
        <p>
          <Link href={paths.root}>Back to the portal</Link>
        </p>
      </Guide>
    </AuthLayout>
  );
}
