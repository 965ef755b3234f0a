import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { CampaignInput, OfferCampaign } from '../../api/contract/opsOffers';
import type { Reply } from '../../api/endpoints';
import type { opsOffersEndpoints } from '../../api/contract/opsOffers';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { CheckboxGroup } from '../../ui/CheckboxGroup';
import { LinkButton } from '../../ui/LinkButton';
import { RadioGroup } from '../../ui/RadioGroup';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { Actions } from './layout';
import { draftOf, draftProblems, emptyDraft, newRate, toInput, type CampaignDraft, type RateDraft } from './campaignDraft';
import { trafficLabel } from './labels';

export type OfferOptions = Reply<typeof opsOffersEndpoints.offerOptions>;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  max-width: 760px;
`;
const Section = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend {
    padding: 0 ${({ theme }) => theme.space[1]}px;
    font-weight: 600;
  }
`;
const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: start;
`;
const RateBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  padding-bottom: ${({ theme }) => theme.space[3]}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const rateTypes = [
  { id: 'F', label: 'Dollars per lead' },
  { id: 'P', label: 'Percent of sale' },
];

export interface CampaignFormProps {
  /** The campaign being edited; absent: a new one. */
  campaign?: OfferCampaign;
  options: OfferOptions;
  /** For a new campaign: the advertisers to choose from, and the one chosen at first. */
  advertisers?: Array<{ id: number; name: string }>;
  advertiserId?: number | null;
  isPending: boolean;
  /** The server's sentence when it refused the save. */
  error: string | null;
  cancelHref: string;
  onSubmit: (input: CampaignInput, extra: { advertiser_id: number | null; active: boolean }) => void;
}

/** Create or edit a campaign: every field the API takes (landing pages and creatives are edited elsewhere). */
export function CampaignForm({ campaign, options, advertisers, advertiserId = null, isPending, error, cancelHref, onSubmit }: CampaignFormProps) {
  const [d, setD] = useState<CampaignDraft>(() => (campaign ? draftOf(campaign) : emptyDraft()));
  const [advertiser, setAdvertiser] = useState<number | null>(advertiserId);
  const [startActive, setStartActive] = useState(false);
  const [tried, setTried] = useState(false);
  const isNew = campaign === undefined;
  const problems = draftProblems(d, isNew, advertiser);
  const problem = (key: string) => (tried ? problems[key] : undefined);
  const set =
    <K extends keyof CampaignDraft>(key: K) =>
    (value: CampaignDraft[K]) =>
      setD((old) => ({ ...old, [key]: value }));
  const setRate = (key: string, change: Partial<RateDraft>) =>
    setD((old) => ({
      ...old,
      rates: old.rates.map((r) => (r.key === key ? { ...r, ...change } : change.is_default ? { ...r, is_default: false } : r)),
    }));
  const category = options.categories.find((c) => c.category_id === d.category_id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    onSubmit(toInput(d), { advertiser_id: advertiser, active: startActive });
  };
  const title = campaign ? `Edit ${campaign.name}` : 'New campaign';
  const text = (label: ReactNode, key: keyof CampaignDraft, extra: { description?: ReactNode; errorKey?: string; type?: 'text' | 'url' } = {}) => (
    <TextField
      label={label}
      type={extra.type ?? 'text'}
      value={d[key] as string}
      onChange={(v) => set(key)(v as never)}
      description={extra.description}
      errorMessage={extra.errorKey ? problem(extra.errorKey) : undefined}
    />
  );
  return (
    <div>
      <h1 style={{ marginTop: 0, overflowWrap: 'anywhere' }}>{title}</h1>
      <Form onSubmit={submit} noValidate aria-label={title}>
        {error && (
          <SystemMessage variant="error" isDismissable={false}>
            {error}
          </SystemMessage>
        )}
        {tried && Object.keys(problems).length > 0 && (
          <SystemMessage variant="error" isDismissable={false}>
            Some fields need attention: {Object.values(problems)[0]}
          </SystemMessage>
        )}
        <Section>
          <legend>The offer</legend>
          {isNew && advertisers && (
            <Select
              label="Advertiser"
              isRequired
              placeholder="Choose the advertiser"
              items={advertisers.map((a) => ({ id: String(a.id), label: a.name }))}
              selectedKey={advertiser === null ? null : String(advertiser)}
              onSelectionChange={(key) => setAdvertiser(key === null ? null : Number(key))}
              errorMessage={problem('advertiser')}
            />
          )}
          <TextField label="Name" isRequired value={d.name} onChange={set('name')} errorMessage={problem('name')} />
          <TextArea label="Description" value={d.description} onChange={set('description')} rows={4} maxLength={10000} hideCounter />
          <Row>
            <Select
              label="Category"
              isRequired
              placeholder="Choose a category"
              items={options.categories.map((c) => ({ id: String(c.category_id), label: c.name }))}
              selectedKey={d.category_id === null ? null : String(d.category_id)}
              onSelectionChange={(key) => setD((old) => ({ ...old, category_id: key === null ? null : Number(key), subcategory_id: null }))}
              errorMessage={problem('category')}
            />
            <Select
              label="Subcategory"
              isRequired
              placeholder="Choose a subcategory"
              isDisabled={!category}
              items={(category?.subcategories ?? []).map((s) => ({ id: String(s.subcategory_id), label: s.name }))}
              selectedKey={d.subcategory_id === null ? null : String(d.subcategory_id)}
              onSelectionChange={(key) => set('subcategory_id')(key === null ? null : Number(key))}
              errorMessage={problem('subcategory')}
            />
          </Row>
          <Row>
            {text('Expiry date', 'expiry_date', { description: 'YYYY-MM-DD, the last day it runs; empty: no expiry.' })}
            {text('Daily cap', 'daily_cap', { description: 'Leads per network day; empty: no cap.' })}
          </Row>
          {isNew && (
            <Switch isSelected={startActive} onChange={setStartActive}>
              Active at once (otherwise it starts paused, to preview it first)
            </Switch>
          )}
        </Section>

        <Section>
          <legend>Rates</legend>
          {d.rates.map((r, i) => (
            <RateBox key={r.key} role="group" aria-label={`Rate ${i + 1}`}>
              <TextField
                label={`Rate ${i + 1}: description`}
                value={r.description}
                onChange={(v) => setRate(r.key, { description: v })}
                errorMessage={problem(`${r.key}.description`)}
              />
              <Row>
                <Select label="Affiliate payout" items={rateTypes} selectedKey={r.rate_type} onSelectionChange={(k) => setRate(r.key, { rate_type: k as 'F' | 'P' })} />
                <TextField label="Payout amount" value={r.rate} onChange={(v) => setRate(r.key, { rate: v })} errorMessage={problem(`${r.key}.rate`)} />
                <Select label="Advertiser revenue" items={rateTypes} selectedKey={r.revenue_type} onSelectionChange={(k) => setRate(r.key, { revenue_type: k as 'F' | 'P' })} />
                <TextField label="Revenue amount" value={r.revenue} onChange={(v) => setRate(r.key, { revenue: v })} errorMessage={problem(`${r.key}.revenue`)} />
              </Row>
              <Actions>
                <Checkbox isSelected={r.active} onChange={(v) => setRate(r.key, { active: v })}>
                  Active
                </Checkbox>
                <Checkbox isSelected={r.is_default} onChange={(v) => setRate(r.key, { is_default: v })}>
                  Default rate
                </Checkbox>
                {d.rates.length > 1 && (
                  <Button size="sm" variant="secondary" onPress={() => setD((old) => ({ ...old, rates: old.rates.filter((x) => x.key !== r.key) }))}>
                    Remove rate {i + 1}
                  </Button>
                )}
              </Actions>
            </RateBox>
          ))}
          <div>
            <Button size="sm" variant="secondary" onPress={() => setD((old) => ({ ...old, rates: [...old.rates, newRate(false)] }))}>
              Add a rate
            </Button>
          </div>
        </Section>

        <Section>
          <legend>Traffic</legend>
          <CheckboxGroup
            label="Traffic types"
            orientation="horizontal"
            options={options.traffic_types.map((t) => ({ value: t, label: trafficLabel[t] }))}
            value={d.traffic_types}
            onChange={set('traffic_types')}
            errorMessage={problem('traffic')}
          />
          <Switch isSelected={d.geo_filtering} onChange={set('geo_filtering')}>
            Geo filtering: only the countries listed
          </Switch>
          {d.geo_filtering && text('Countries', 'countries', { description: '2-letter codes separated by commas, such as US, GB, CA.' })}
          <Actions>
            <Checkbox isSelected={d.desktop_traffic} onChange={set('desktop_traffic')}>
              Desktop traffic
            </Checkbox>
            <Checkbox isSelected={d.mobile_traffic} onChange={set('mobile_traffic')}>
              Mobile traffic
            </Checkbox>
          </Actions>
          <Switch isSelected={d.os_filtering} onChange={set('os_filtering')}>
            OS filtering: only the systems chosen
          </Switch>
          <CheckboxGroup
            label="Operating systems"
            description={d.os_filtering ? 'Clicks from other systems do not count.' : 'Shown on the page as information.'}
            orientation="horizontal"
            options={options.operating_systems.map((o) => ({ value: o, label: o }))}
            value={d.os}
            onChange={set('os')}
          />
        </Section>

        <Section>
          <legend>Access</legend>
          <Switch isSelected={d.by_request} onChange={set('by_request')}>
            By Request: affiliates apply to run it
          </Switch>
          {d.by_request && (
            <>
              <RadioGroup
                label="Approval"
                value={d.approval_mode}
                onChange={(v) => set('approval_mode')(v as 'review' | 'auto')}
                options={[
                  { value: 'review', label: 'Review: an operator decides each request' },
                  { value: 'auto', label: 'Auto: approved at once' },
                ]}
              />
              <TextArea label="Text above the questions" value={d.approval_preface} onChange={set('approval_preface')} rows={2} maxLength={2000} hideCounter />
              {d.questions.map((q, i) => (
                <TextField
                  key={i}
                  label={`Question ${i + 1}`}
                  description={i === 0 ? 'Up to three; each is required of the affiliate. Leave empty for none.' : undefined}
                  value={q}
                  onChange={(v) => setD((old) => ({ ...old, questions: old.questions.map((x, j) => (j === i ? v : x)) as CampaignDraft['questions'] }))}
                />
              ))}
            </>
          )}
        </Section>

        <Section>
          <legend>Restrictions</legend>
          <TextArea
            label="Search restrictions"
            description="Needs search traffic."
            value={d.search_restrictions}
            onChange={set('search_restrictions')}
            rows={3}
            maxLength={5000}
            hideCounter
          />
          <TextArea label="E-mail rules" description="Needs e-mail traffic." value={d.email_rules} onChange={set('email_rules')} rows={3} maxLength={5000} hideCounter />
          <Row>
            <TextArea label="Subject lines" description="One a line." value={d.email_subject_lines} onChange={set('email_subject_lines')} rows={3} />
            <TextArea label="From lines" description="One a line." value={d.email_from_lines} onChange={set('email_from_lines')} rows={3} />
          </Row>
          <TextArea
            label="Suppression links"
            description="One web address a line; with any, the campaign has a suppression list."
            value={d.suppression_links}
            onChange={set('suppression_links')}
            rows={3}
          />
        </Section>

        <Section>
          <legend>Tracking and listing</legend>
          <Row>
            <Select
              label="Tracking type"
              items={options.tracking_types.map((t) => ({ id: t.code, label: `${t.label} (${t.code})` }))}
              selectedKey={d.tracking_type}
              onSelectionChange={(k) => set('tracking_type')(String(k))}
            />
            {text('Published EPC', 'epc', { description: 'Shown until 30 days of clicks.' })}
            {text('Popularity', 'popularity', { description: 'Breaks ties in Popular.' })}
          </Row>
          {text('Fallback page', 'fallback_url', { type: 'url', description: "Where its links go while it cannot take traffic; empty: the network's." })}
          {text('Sample page', 'preview_url', { type: 'url', description: "The advertiser's sample of the landing page." })}
          <Actions>
            <Checkbox isSelected={d.supports_multiple_postback} onChange={set('supports_multiple_postback')}>
              Multiple postbacks
            </Checkbox>
            <Checkbox isSelected={d.highlight} onChange={set('highlight')}>
              Highlight
            </Checkbox>
            <Checkbox isSelected={d.is_gaming} onChange={set('is_gaming')}>
              Gaming offer
            </Checkbox>
          </Actions>
        </Section>

        <Actions>
          <Button type="submit" isPending={isPending}>
            {campaign ? 'Save the changes' : 'Create the campaign'}
          </Button>
          <LinkButton variant="secondary" href={cancelHref}>
            Cancel
          </LinkButton>
        </Actions>
      </Form>
    </div>
  );
}
