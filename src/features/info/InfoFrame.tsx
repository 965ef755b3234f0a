import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { usePageTitle } from '../../lib/page';
import { Card, CardBody } from '../../ui/Card';

/** Where an information page renders: inside the signed-in shell, or in the signed-out frame. */
export type InfoFrameVariant = { signedOut?: false } | { signedOut: true; productName: string; siteId: string };
export type InfoFrameProps = { title: string; children: ReactNode } & InfoFrameVariant;

export const Prose = styled.div`
  max-width: 72ch;
  line-height: 1.6;
  h2 {
    margin: ${({ theme }) => theme.space[5]}px 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  h2:first-child { margin-top: 0; }
  p, ul { margin: 0 0 ${({ theme }) => theme.space[3]}px; }
  ul { padding-left: ${({ theme }) => theme.space[5]}px; }
  li { margin-bottom: ${({ theme }) => theme.space[1]}px; }
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

function SignedInFrame({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Card>
      <CardBody>
        <Title>{title}</Title>
        {children}
      </CardBody>
    </Card>
  );
}

/** The terms and the FAQ read the same signed in (inside the shell) and signed out (a visitor applying). */
export function InfoFrame(props: InfoFrameProps) {
  if (props.signedOut) {
    return (
      <AuthLayout title={props.title} productName={props.productName} siteId={props.siteId} wide>
        {props.children}
      </AuthLayout>
    );
  }
  return <SignedInFrame title={props.title}>{props.children}</SignedInFrame>;
}
