import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

const Root = styled.section`
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  overflow: hidden;
  &[data-variant='highlight'] { border-color: ${({ theme }) => theme.colors.primary}; box-shadow: ${({ theme }) => theme.shadows.md}; }
  &[data-variant='flat'] { box-shadow: none; }
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => `${theme.space[4]}px ${theme.space[5]}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2, h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Body = styled.div`
  padding: ${({ theme }) => `${theme.space[4]}px ${theme.space[5]}px`};
  flex: 1;
`;

const Footer = styled.footer`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[5]}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

export interface CardProps extends HTMLAttributes<HTMLElement> {
  variant?: 'default' | 'highlight' | 'flat';
  /** `article` for a card that stands alone in a list (a resource, a promotion); `section` by default. */
  elementType?: 'section' | 'article';
  children: ReactNode;
}

/** A bordered surface; compose with `CardHeader`, `CardBody` and `CardFooter`. */
export function Card({ variant = 'default', elementType, children, ...rest }: CardProps) {
  return (
    <Root as={elementType} data-variant={variant} {...rest}>
      {children}
    </Root>
  );
}

export interface CardHeaderProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The card's title, rendered as a heading of the given level. */
  title: ReactNode;
  level?: 2 | 3;
  /** Controls shown at the header's end, e.g. an Edit button. */
  actions?: ReactNode;
}

export function CardHeader({ title, level = 2, actions, ...rest }: CardHeaderProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Header {...rest}>
      <Heading>{title}</Heading>
      {actions && <div>{actions}</div>}
    </Header>
  );
}

export const CardBody = Body;
export const CardFooter = Footer;
