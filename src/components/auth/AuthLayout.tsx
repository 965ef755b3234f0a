import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { usePageTitle, useFocusHeadingOnChange } from '../../lib/page';
import { Card, CardBody } from '../../ui/Card';
import { Link } from '../../ui/Link';
import { ProductMark } from '../brand/ProductMark';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: ${({ theme }) => `${theme.space[7]}px ${theme.space[4]}px ${theme.space[5]}px`};
  gap: ${({ theme }) => theme.space[5]}px;
`;
const Main = styled.main<{ $wide?: boolean }>`
  width: 100%;
  max-width: ${({ $wide }) => ($wide ? '960px' : '440px')};
`;
const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;
const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  &:focus { outline: none; }
`;
const Footer = styled.footer`
  margin-top: auto;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The product's mark and name. */
export function Logo({ productName }: { productName: string }) {
  return (
    <Brand>
      <ProductMark size={32} tint={0.12} />
      <span>{productName}</span>
    </Brand>
  );
}

export interface AuthLayoutProps {
  title: ReactNode;
  productName: string;
  siteId: string;
  children: ReactNode;
  /** A wider card (960 px instead of 440): the registration wizard with its banner, the terms, the FAQ. */
  wide?: boolean;
}

/** The frame of every signed-out screen (sign-in, registration, recovery, verify, terms): logo, a card with the screen's heading, the footer with the site id. */
export function AuthLayout({ title, productName, siteId, children, wide }: AuthLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const screen = typeof title === 'string' ? title : null;
  usePageTitle(screen, productName);
  // Each new step of a journey (code, verification, offer, set-up) is announced by its heading.
  useFocusHeadingOnChange(screen, () => heading.current);
  return (
    <Page>
      <Logo productName={productName} />
      <Main $wide={wide}>
        <Card>
          <CardBody>
            <Title ref={heading} tabIndex={-1}>
              {title}
            </Title>
            {children}
          </CardBody>
        </Card>
      </Main>
      <Footer>
        {productName} · Site ID {siteId}
        {/* Sign-in checks the address's country with DB-IP's data, whose licence (CC BY 4.0) asks for this credit. */}
        <br />
        <Link href="https://db-ip.com" external>
          IP Geolocation by DB-IP
        </Link>
      </Footer>
    </Page>
  );
}
