import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AFFILIATE_FLAGS, AFFILIATE_FLAG_NUMBERS, DAILY_CAP_MAX, type AffiliateDetail, type Manager } from '../../api/contract/opsPeople';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { Link } from '../../ui/Link';
import { Modal } from '../../ui/Modal';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { SystemMessage } from '../../ui/SystemMessage';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';
import { StatusBadge } from './AffiliatesView';
import { Actions, Confirm, Fact, Facts, formatMoney, formatTime, OutcomeMessage, ReasonModal, Stack, type Outcome } from './parts';

type CapRow = AffiliateDetail['cap_overrides'][number];

/** The detail's own texts (stories and tests read them). */
export const affiliateMessages = {
  capInvalid: `Enter a whole number of conversions from 1 to ${DAILY_CAP_MAX.toLocaleString('en-US')}.`,
  campaignInvalid: 'Enter the id of a campaign the affiliate runs or asked to run.',
  suspendMissing: 'Give the reason for the suspension.',
} as const;

const NONE = 'none';

const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[2]}px 0 ${({ theme }) => theme.space[4]}px;
  h1 {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
const FlagList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
`;

/** What the signed-in role may change here (each the `roles` of its endpoint). */
export interface AffiliatePermissions {
  manager: boolean;
  suspend: boolean;
  flags: boolean;
  caps: boolean;
}

export interface AffiliateDetailViewProps {
  affiliate: AffiliateDetail;
  /** Every manager: the active ones can be chosen. */
  managers: Manager[];
  can: AffiliatePermissions;
  outcome: Outcome;
  /** The server's sentence when a suspension or a cap was refused (shown in its dialog). */
  suspendError: string | null;
  capError: string | null;
  isSuspending?: boolean;
  isSavingCap?: boolean;
  onDismissOutcome: () => void;
  onManager: (managerId: number | null) => void;
  /** Resolves true once done (the dialog closes). */
  onSuspend: (reason: string) => Promise<boolean>;
  onReactivate: () => void;
  onFlag: (flag: number, on: boolean) => void;
  onCap: (campaignId: number, dailyCap: number | null) => Promise<boolean>;
  /** A dialog opens: the last refusal is forgotten. */
  onOpenSuspend?: () => void;
  onOpenCap?: () => void;
}

export const fullName = (a: AffiliateDetail) => `${a.profile.first_name} ${a.profile.last_name}`.trim() || a.profile.email;

/** One affiliate: profile, status and suspension, manager, flags, cap overrides, payment details and balance. */
export function AffiliateDetailView(props: AffiliateDetailViewProps) {
  const { affiliate: a, managers, can, outcome, onDismissOutcome, onManager, onReactivate, onFlag } = props;
  const [suspending, setSuspending] = useState(false);
  const [reactivating, setReactivating] = useState(false);
  const [cap, setCap] = useState<{ row: CapRow | null } | null>(null);
  const [clearing, setClearing] = useState<CapRow | null>(null);
  const name = fullName(a);
  const p = a.profile;
  const choosable = managers.filter((m) => m.is_active || m.manager_id === a.manager?.manager_id);
  const managerItems = [{ id: NONE, label: 'No manager' }, ...choosable.map((m) => ({ id: String(m.manager_id), label: m.is_active ? m.name : `${m.name} (deactivated)` }))];
  const flagged = new Map(a.flags.map((f) => [f.flag, f]));
  const unknownFlags = a.flags.filter((f) => !AFFILIATE_FLAG_NUMBERS.includes(f.flag));
  const capColumns: TableColumn<CapRow>[] = [
    { key: 'campaign_name', header: 'Campaign', isRowHeader: true, render: (c) => `${c.campaign_name} (${c.campaign_id})` },
    { key: 'access_status', header: 'Access' },
    { key: 'daily_cap', header: 'Their daily cap', numeric: true, render: (c) => c.daily_cap.toLocaleString('en-US') },
    { key: 'campaign_daily_cap', header: "Campaign's daily cap", numeric: true, render: (c) => (c.campaign_daily_cap === null ? 'None' : c.campaign_daily_cap.toLocaleString('en-US')) },
    ...(can.caps
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (c: CapRow) => (
              <Actions>
                <Button size="sm" variant="secondary" onPress={() => {
                    props.onOpenCap?.();
                    setCap({ row: c });
                  }} aria-label={`Change the cap on ${c.campaign_name}`}>
                  Change
                </Button>
                <Button size="sm" variant="danger" onPress={() => setClearing(c)} aria-label={`Remove the cap on ${c.campaign_name}`}>
                  Remove
                </Button>
              </Actions>
            ),
          },
        ]
      : []),
  ];
  return (
    <div>
      <Link href="/ops/affiliates">All affiliates</Link>
      <Title>
        <h1>{name}</h1>
        <StatusBadge status={a.status} />
      </Title>
      <OutcomeMessage outcome={outcome} onDismiss={onDismissOutcome} />
      <Stack>
        <Card>
          <CardHeader title="Status" />
          <CardBody>
            <Stack>
              <Facts>
                <Fact label="Affiliate id">{a.affiliate_id}</Fact>
                <Fact label="Status">
                  <StatusBadge status={a.status} />
                </Fact>
                {a.suspension && (
                  <>
                    <Fact label="Suspended">{`${formatTime(a.suspension.at)}${a.suspension.by ? ` by ${a.suspension.by.email}` : ''}`}</Fact>
                    <Fact label="Reason">{a.suspension.reason}</Fact>
                  </>
                )}
              </Facts>
              {can.suspend && a.status === 'active' && (
                <Actions>
                  <Button variant="danger" onPress={() => {
                      props.onOpenSuspend?.();
                      setSuspending(true);
                    }}>
                    Suspend
                  </Button>
                </Actions>
              )}
              {can.suspend && a.status === 'suspended' && (
                <Actions>
                  <Button onPress={() => setReactivating(true)}>Reactivate</Button>
                </Actions>
              )}
            </Stack>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Profile" />
          <CardBody>
            <Facts>
              <Fact label="E-mail">{`${p.email}${p.email_verified ? ' (verified)' : ' (not verified)'}`}</Fact>
              <Fact label="Company">{p.company}</Fact>
              <Fact label="Mobile">{p.mobile}</Fact>
              <Fact label="Phone">{p.phone}</Fact>
              <Fact label="Telegram">{p.im_handle}</Fact>
              <Fact label="Time zone">{p.time_zone}</Fact>
              <Fact label="Address">{[p.address.address_1, p.address.address_2, p.address.city, p.address.state, p.address.zipcode, p.address.country].filter(Boolean).join(', ')}</Fact>
              <Fact label="Website">{p.website}</Fact>
              <Fact label="How they promote">{p.promotion}</Fact>
              <Fact label="Two-factor sign-in">{p.two_factor ? 'On' : 'Off'}</Fact>
              <Fact label="Registered">{formatTime(p.registered_at)}</Fact>
              <Fact label="Last sign-in">{p.last_login_at ? formatTime(p.last_login_at) : 'Never'}</Fact>
            </Facts>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Affiliate manager" />
          <CardBody>
            {can.manager ? (
              <Select
                label="Manager"
                items={managerItems}
                selectedKey={a.manager ? String(a.manager.manager_id) : NONE}
                onSelectionChange={(key) => {
                  const next = key === NONE ? null : Number(key);
                  if (next !== (a.manager?.manager_id ?? null)) onManager(next);
                }}
              />
            ) : (
              <Facts>
                <Fact label="Manager">{a.manager?.name ?? 'None'}</Fact>
              </Facts>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Flags" />
          <CardBody>
            <FlagList aria-label="Flags">
              {AFFILIATE_FLAG_NUMBERS.map((flag) => {
                const text = AFFILIATE_FLAGS[flag as keyof typeof AFFILIATE_FLAGS];
                const set = flagged.get(flag);
                return (
                  <li key={flag}>
                    {can.flags ? (
                      <Switch isSelected={set !== undefined} onChange={(on) => onFlag(flag, on)}>
                        {`${flag}: ${text}`}
                      </Switch>
                    ) : (
                      <span>{`${flag}: ${text} ${set ? 'Set.' : 'Not set.'}`}</span>
                    )}
                    {set && <div style={{ fontSize: '0.875em', opacity: 0.8 }}>{`Set ${formatTime(set.set_at)}`}</div>}
                  </li>
                );
              })}
              {unknownFlags.map((f) => (
                <li key={f.flag}>{`${f.flag}: ${f.label ?? 'a flag the console does not know'} (set ${formatTime(f.set_at)})`}</li>
              ))}
            </FlagList>
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Cap overrides"
            actions={
              can.caps && (
                <Button size="sm" variant="secondary" onPress={() => {
                    props.onOpenCap?.();
                    setCap({ row: null });
                  }}>
                  Set a cap override
                </Button>
              )
            }
          />
          <CardBody>
            <Table aria-label="Cap overrides" columns={capColumns} rows={a.cap_overrides} getRowKey={(c) => c.campaign_id} cardsBelow="desktop" emptyText="No cap override: the campaigns' own caps apply." />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Payment details and balance" />
          <CardBody>
            <Facts>
              <Fact label="Platform">{a.payment.platform || 'None chosen'}</Fact>
              <Fact label="Method">{a.payment.method}</Fact>
              <Fact label="Payee">{a.payment.payee}</Fact>
              <Fact label="Change waiting">{a.payment.change_pending ? 'Yes, waiting for Payoneer' : 'No'}</Fact>
              <Fact label="Last changed">{a.payment.changed_at ? formatTime(a.payment.changed_at) : 'Never'}</Fact>
              <Fact label="Balance">{formatMoney(a.balance)}</Fact>
            </Facts>
          </CardBody>
        </Card>
      </Stack>
      <ReasonModal
        title={suspending ? `Suspend ${name}` : null}
        intro="They are signed out at once and cannot sign in, and their links stop paying, until they are reactivated. The reason stays in the back office."
        label="Reason"
        missing={affiliateMessages.suspendMissing}
        confirmLabel="Suspend"
        isPending={props.isSuspending ?? false}
        error={props.suspendError}
        onSubmit={(reason) => void props.onSuspend(reason).then((done) => done && setSuspending(false))}
        onClose={() => setSuspending(false)}
      />
      <Confirm title={reactivating ? `Reactivate ${name}?` : null} confirmLabel="Reactivate" onConfirm={onReactivate} onClose={() => setReactivating(false)}>
        They can sign in again and their links pay again.
      </Confirm>
      <Confirm
        title={clearing ? `Remove the cap on ${clearing.campaign_name}?` : null}
        confirmLabel="Remove"
        tone="danger"
        onConfirm={() => clearing && void props.onCap(clearing.campaign_id, null)}
        onClose={() => setClearing(null)}
      >
        The campaign&apos;s own cap applies to them again.
      </Confirm>
      <CapModal
        open={cap}
        isPending={props.isSavingCap ?? false}
        error={props.capError}
        onSubmit={(campaignId, dailyCap) => void props.onCap(campaignId, dailyCap).then((done) => done && setCap(null))}
        onClose={() => setCap(null)}
      />
    </div>
  );
}

interface CapModalProps {
  /** null: closed; row null: a new override (the campaign's id typed in). */
  open: { row: CapRow | null } | null;
  isPending: boolean;
  error: string | null;
  onSubmit: (campaignId: number, dailyCap: number) => void;
  onClose: () => void;
}

const wholeIn = (text: string, max: number) => (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null);

/** Sets the affiliate's own daily cap on a campaign. */
function CapModal({ open, isPending, error, onSubmit, onClose }: CapModalProps) {
  return (
    <Modal isOpen={open !== null} onOpenChange={(o) => !o && onClose()} title={open?.row ? `Daily cap on ${open.row.campaign_name}` : 'Set a cap override'}
      footer={(close) => (
        <Actions>
          <Button type="submit" form="cap-form" isPending={isPending}>
            Save the cap
          </Button>
          <Button variant="secondary" onPress={close} isDisabled={isPending}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      {open && <CapForm key={open.row?.campaign_id ?? 'new'} row={open.row} error={error} onSubmit={onSubmit} />}
    </Modal>
  );
}

function CapForm({ row, error, onSubmit }: { row: CapRow | null; error: string | null; onSubmit: (campaignId: number, dailyCap: number) => void }) {
  const [campaign, setCampaign] = useState(row ? String(row.campaign_id) : '');
  const [value, setValue] = useState(row ? String(row.daily_cap) : '');
  const [tried, setTried] = useState(false);
  const campaignId = wholeIn(campaign, 2_147_483_647);
  const dailyCap = wholeIn(value, DAILY_CAP_MAX);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (campaignId !== null && dailyCap !== null) onSubmit(campaignId, dailyCap);
  };
  return (
    <form id="cap-form" onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }}>
      <p style={{ margin: 0 }}>Conversions per network day for this affiliate on the campaign, whatever the campaign&apos;s own cap.</p>
      {error && (
        <SystemMessage variant="error" isDismissable={false}>
          {error}
        </SystemMessage>
      )}
      {!row && (
        <TextField label="Campaign id" inputMode="numeric" value={campaign} onChange={setCampaign} errorMessage={tried && campaignId === null ? affiliateMessages.campaignInvalid : undefined} isRequired />
      )}
      <TextField label="Daily cap" inputMode="numeric" value={value} onChange={setValue} errorMessage={tried && dailyCap === null ? affiliateMessages.capInvalid : undefined} isRequired />
    </form>
  );
}
