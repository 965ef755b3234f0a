import styled from 'styled-components';
import type { Promo, RewardsResponse } from '../../api/contract/rewards';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import type { PromoTiming } from './maxmoneyView';
import { PromoCard } from './PromoCard';

export const PROMOS_TITLE = 'Promos';
export const NO_EVENTS = 'There are currently no events planned.';

const lists: { timing: PromoTiming; title: string; key: 'ongoing_promos' | 'future_promos' | 'past_promos' }[] = [
  { timing: 'ongoing', title: 'Ongoing', key: 'ongoing_promos' },
  { timing: 'future', title: 'Future', key: 'future_promos' },
  { timing: 'past', title: 'Past', key: 'past_promos' },
];

/**
 * The promo lists Ongoing, Future and Past (spec 001 §2.2). A list with no promo is left out; with
 * neither ongoing nor future promos the spec's 'There are currently no events planned.' stands in
 * their place, above the past ones.
 */
export function PromoLists({ rewards, onShowTerms }: { rewards: Pick<RewardsResponse, 'ongoing_promos' | 'future_promos' | 'past_promos'>; onShowTerms: () => void }) {
  const nothingPlanned = rewards.ongoing_promos.length === 0 && rewards.future_promos.length === 0;
  return (
    <Card>
      <CardHeader title={PROMOS_TITLE} />
      <CardBody>
        <Sections>
          {nothingPlanned && <Empty>{NO_EVENTS}</Empty>}
          {lists.map(({ timing, title, key }) => {
            const promos: Promo[] = rewards[key];
            if (promos.length === 0) return null;
            return (
              <section key={timing} aria-labelledby={`promos-${timing}`}>
                <h3 id={`promos-${timing}`}>{title}</h3>
                <Grid>
                  {promos.map((p) => (
                    <PromoCard key={p.promo_id} promo={p} timing={timing} onShowTerms={onShowTerms} />
                  ))}
                </Grid>
              </section>
            );
          })}
        </Sections>
      </CardBody>
    </Card>
  );
}

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]}px;
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
