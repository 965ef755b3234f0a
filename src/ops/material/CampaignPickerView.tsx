import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { OfferCampaignListItem } from '../../api/contract/opsOffers';
import type { z } from 'zod';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';

export type PickerCampaign = z.infer<typeof OfferCampaignListItem>;

const stateTone: Record<PickerCampaign['state'], BadgeTone> = { active: 'success', paused: 'warning', expired: 'neutral' };
const stateText: Record<PickerCampaign['state'], string> = { active: 'Active', paused: 'Paused', expired: 'Expired' };

const Search = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  > :first-child {
    flex: 1 1 240px;
    max-width: 420px;
  }
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  h1 {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
`;

export interface CampaignSearchProps {
  /** The search the list shows. */
  query: string;
  onSearch: (q: string) => void;
}

/** The picker's head: what the area is, the search by name or #id, the managers' pictures. */
export function CampaignSearch({ query, onSearch }: CampaignSearchProps) {
  const [text, setText] = useState(query);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text);
  };
  return (
    <>
      <Head>
        <h1>Creatives</h1>
        <Link href="/ops/material/managers">Managers' photos and QR codes</Link>
      </Head>
      <p style={{ marginTop: 0 }}>Choose a campaign to manage its landing pages, banners, text links and solo e-mails.</p>
      <Search role="search" onSubmit={submit}>
        <TextField label="Campaign name or #id" value={text} onChange={setText} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Search>
    </>
  );
}

/** The campaigns found: each name opens its material. */
export function CampaignList({ campaigns, total }: { campaigns: PickerCampaign[]; total: number }) {
  const columns: TableColumn<PickerCampaign>[] = [
    { key: 'campaign_id', header: 'ID', render: (c) => `#${c.campaign_id}` },
    { key: 'name', header: 'Campaign', isRowHeader: true, render: (c) => <Link href={`/ops/material/${c.campaign_id}`}>{c.name}</Link> },
    { key: 'advertiser', header: 'Advertiser', render: (c) => c.advertiser.name },
    { key: 'state', header: 'State', render: (c) => <Badge tone={stateTone[c.state]}>{stateText[c.state]}</Badge> },
  ];
  return (
    <>
      <Table aria-label="Campaigns" columns={columns} rows={campaigns} getRowKey={(c) => c.campaign_id} cardsBelow="desktop" />
      {total > campaigns.length && <p>{`The first ${campaigns.length} of ${total} campaigns: search by name or #id to find another.`}</p>}
    </>
  );
}
