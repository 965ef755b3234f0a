import styled from 'styled-components';
import { Link } from '../../../ui/Link';

/** A link that looks like the primary button: the modals' 'Go to Settings' actions navigate. */
export const ButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 38px;
  padding: 0 ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  &[data-hovered] { background: ${({ theme }) => theme.colors.primaryHover}; color: ${({ theme }) => theme.colors.onPrimary}; text-decoration: none; }
`;
