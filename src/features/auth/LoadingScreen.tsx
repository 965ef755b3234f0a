import styled from 'styled-components';
import { Spinner } from '../../ui/Spinner';

const Center = styled.div`
  min-height: 240px;
  display: grid;
  place-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Shown while authentication is being established (spec 002 §2). */
export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <Center>
      <Spinner size="lg" label={label} />
    </Center>
  );
}
