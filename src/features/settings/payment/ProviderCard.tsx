import { useId } from 'react';
import styled from 'styled-components';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { spreadRow } from '../../../ui/Stack';

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[5]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  &[data-current] { border-color: ${({ theme }) => theme.colors.primary}; }
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Heading = styled.div`
  ${spreadRow(2)}
`;

const Methods = styled.ul`
  margin: 0;
  padding-left: 1.2em;
  flex: 1;
`;

export interface ProviderCardProps {
  name: string;
  methods: readonly string[];
  /** The platform the affiliate is paid through now. */
  current?: boolean;
  /** A change to this provider waits for completion. */
  pending?: boolean;
  label: string;
  /** The call of this card's button is pending: its spinner. */
  busy?: boolean;
  disabled?: boolean;
  onPress: () => void;
}

/** One provider of step 1: its name, its payout methods and its button (spec 001 section 4 "Payment modal"). */
export function ProviderCard({ name, methods, current, pending, label, busy, disabled, onPress }: ProviderCardProps) {
  const headingId = useId();
  return (
    <Root aria-labelledby={headingId} data-current={current || undefined} data-testid={`provider-${name.toLowerCase()}`}>
      <Heading>
        <h3 id={headingId}>{name}</h3>
        {current ? <Badge tone="success">Current platform</Badge> : pending ? <Badge tone="warning">Change pending</Badge> : null}
      </Heading>
      <p>Get paid by</p>
      <Methods>
        {methods.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </Methods>
      <Button fullWidth onPress={onPress} isPending={busy} isDisabled={disabled} aria-describedby={headingId}>
        {label}
      </Button>
    </Root>
  );
}
