import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { fireLeadPixels } from './leadPixels';

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]}px;
  h2 { margin: 0 0 ${({ theme }) => theme.space[1]}px; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { margin: 0; }
`;

/**
 * The thank-you page's three steps (spec 002 §2 step 9). Shown only after a successful registration,
 * it fires the lead pixels (LEAD_PIXEL_URLS) once: the spec's "conversion tracking events for a lead".
 */
export function ThankYou() {
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    fireLeadPixels();
  }, []);
  return (
    <Steps>
      <li>
        <h2>Confirm your e-mail address</h2>
        <p>Open the link in the e-mail we sent you. Check your spam folder; if nothing arrives within an hour, contact us.</p>
      </li>
      <li>
        <h2>Application review</h2>
        <p>Our compliance and affiliate management teams review your application.</p>
      </li>
      <li>
        <h2>Phone interview</h2>
        <p>An affiliate manager calls you for a short, mandatory phone interview.</p>
      </li>
    </Steps>
  );
}
