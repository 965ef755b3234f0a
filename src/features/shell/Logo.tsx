import styled from 'styled-components';
import { ProductMark } from '../../components/brand/ProductMark';
import { paths } from '../../shared/paths';
import { Link } from '../../ui/Link';

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  white-space: nowrap;
  &[data-hovered] { color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  svg { color: ${({ theme }) => theme.colors.primary}; flex: none; }
`;

const Name = styled.span`
  @container portal (max-width: 479px) { display: none; }
`;

/** The product's mark linking to /dashboard (spec 000 §2), drawn inline so nothing is fetched. */
export function Logo({ productName }: { productName: string }) {
  return (
    <Brand href={paths.dashboard} variant="subtle" aria-label={`${productName} dashboard`}>
      <ProductMark size={28} tint={0.14} />
      <Name>{productName}</Name>
    </Brand>
  );
}
