import styled from 'styled-components';
import { Spinner } from '../../ui/Spinner';
import { centredPanel } from '../../ui/Stack';

const Center = styled.div`
  ${centredPanel}
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Text = styled.p`
  margin: 0;
`;

/**
 * Shown while authentication is being established (spec 002 §2). `showLabel` also writes the label
 * under the spinner (/ottlogin says 'Logging in' in words); screen readers read it once, from the spinner.
 */
export function LoadingScreen({ label = 'Loading', showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <Center>
      <Spinner size="lg" label={label} />
      {showLabel && <Text aria-hidden="true">{label}</Text>}
    </Center>
  );
}
