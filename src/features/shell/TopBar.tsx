import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Badge } from '../../ui/Badge';
import { RenderWhenNear } from '../../lib/RenderWhenNear';
import { Logo } from './Logo';
import { formatPoints } from '../../shared/format';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]}px;
  height: 60px;
  padding: 0 ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  @container portal (max-width: 767px) { gap: ${({ theme }) => theme.space[2]}px; padding: 0 ${({ theme }) => theme.space[3]}px; }
`;
const Search = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  justify-content: center;
`;
const End = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  /* Spec 000 §2: news and account live in the bottom bar on mobile. */
  @container portal (max-width: 767px) { display: none; }
`;
const Balance = styled.span`
  /* Spec 000 §2: the MaxMoney balance shows on desktop only. */
  @container portal (max-width: 1023px) { display: none; }
`;

export interface TopBarProps {
  productName: string;
  /** MaxMoney balance; undefined while the affiliate record loads. */
  maxMoney?: number;
  search: ReactNode;
  news: ReactNode;
  account: ReactNode;
}

/** Spec 000 §2: the fixed top bar: logo, quick search, MaxMoney badge, news bell, account menu. */
export function TopBar({ productName, maxMoney, search, news, account }: TopBarProps) {
  return (
    <Bar>
      <Logo productName={productName} />
      <Search>{search}</Search>
      <End>
        {maxMoney !== undefined && (
          <Balance>
            <Badge tone="success" aria-label={`MaxMoney balance ${formatPoints(maxMoney)}`}>
              MaxMoney {formatPoints(maxMoney)}
            </Badge>
          </Balance>
        )}
        {/* Not displayed on a phone (the bottom bar has them): not rendered there either. */}
        <RenderWhenNear>
          {news}
          {account}
        </RenderWhenNear>
      </End>
    </Bar>
  );
}
