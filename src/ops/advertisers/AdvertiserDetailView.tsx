import { useState } from 'react';
import styled from 'styled-components';
import type { Advertiser } from '../../api/contract/opsOffers';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { CopyField } from '../../ui/CopyField';
import { Link } from '../../ui/Link';
import { LinkButton } from '../../ui/LinkButton';
import { Modal } from '../../ui/Modal';
import { SystemMessage } from '../../ui/SystemMessage';
import { Actions, Head, campaignCounts } from './AdvertiserListView';
import { formatDay, formatInstant } from './format';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
`;
const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
  }
`;
const Urls = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-bottom: ${({ theme }) => theme.space[3]}px;
`;

/** The days the replaced secret keeps working (SECRET_GRACE_MS on the server, docs/ops-offers.md). */
export const GRACE_DAYS = 7;

/** The detail's sentences, for stories and tests. */
export const advertiserDetailMessages = {
  rotateIntro: `A new secret is made at once and the URL below changes. The old secret keeps working for ${GRACE_DAYS} days, so the advertiser has time to put the new URL into their system: no conversion is lost meanwhile.`,
  endNow: 'End the old secret now (it leaked): conversions sent with it are refused from this moment.',
  postbackIntro: 'The server-to-server URL carries the secret: hand it to the advertiser only. Each time it is shown, the audit log records it.',
  noSecret: 'This advertiser has no postback secret: their server-to-server postbacks are refused until the secret is rotated.',
  rotatedUntil: (until: string) => `The secret is rotated. The old one works until ${formatInstant(until)}; hand the advertiser the new URL below.`,
  rotatedEnded: 'The secret is rotated and the old one no longer works. Hand the advertiser the new URL below.',
} as const;

/** The postback URL and pixel as the server answered them. */
export interface PostbackUrls {
  postback_url: string;
  pixel_url: string;
  secret_rotated_at: string | null;
  previous_secret_until: string | null;
}

export interface AdvertiserDetailViewProps {
  advertiser: Advertiser;
  /** The role may edit and rotate the secret. */
  canWrite: boolean;
  /** The role may see the postback URL (it carries the secret). */
  canSeePostback: boolean;
  /** The URLs once shown (asked for, or answered by a rotation). */
  postback: PostbackUrls | null;
  isLoadingPostback: boolean;
  isRotating: boolean;
  /** The outcome of the last action. */
  message: { tone: 'success' | 'error'; text: string } | null;
  onShowPostback: () => void;
  onRotate: (endPreviousNow: boolean) => void;
  onDismissMessage: () => void;
}

/** One advertiser: its fields, campaigns, the postback URL and pixel, and the secret's rotation. */
export function AdvertiserDetailView({
  advertiser: a, canWrite, canSeePostback, postback, isLoadingPostback, isRotating, message, onShowPostback, onRotate, onDismissMessage,
}: AdvertiserDetailViewProps) {
  const [confirming, setConfirming] = useState(false);
  const [endNow, setEndNow] = useState(false);
  const previousUntil = postback ? postback.previous_secret_until : a.previous_secret_until;
  const rotatedAt = postback ? postback.secret_rotated_at : a.secret_rotated_at;
  return (
    <div>
      <p style={{ margin: '0 0 8px' }}>
        <Link href="/ops/advertisers">All advertisers</Link>
      </p>
      <Head>
        <h1>
          {a.name} <Badge tone={a.status === 'active' ? 'success' : 'neutral'}>{a.status === 'active' ? 'Active' : 'Inactive'}</Badge>
        </h1>
        {canWrite && (
          <Actions>
            <LinkButton variant="secondary" href={`/ops/advertisers/${a.advertiser_id}/edit`}>
              Edit
            </LinkButton>
            <LinkButton variant="secondary" href={`/ops/campaigns/new?advertiser_id=${a.advertiser_id}`}>
              New campaign
            </LinkButton>
          </Actions>
        )}
      </Head>
      {message && (
        <div style={{ marginBottom: 16 }}>
          <SystemMessage variant={message.tone} onDismiss={onDismissMessage}>
            {message.text}
          </SystemMessage>
        </div>
      )}
      <Sections>
        <Card>
          <CardBody>
            <Facts>
              <dt>ID</dt>
              <dd>#{a.advertiser_id}</dd>
              <dt>Contact</dt>
              <dd>{a.contact_email || '—'}</dd>
              <dt>Notes</dt>
              <dd>{a.notes || '—'}</dd>
              <dt>Campaigns</dt>
              <dd>
                <Link href={`/ops/campaigns?advertiser_id=${a.advertiser_id}`}>{campaignCounts(a.campaigns)}</Link>
              </dd>
              <dt>Created</dt>
              <dd>{formatDay(a.created_at)}</dd>
            </Facts>
          </CardBody>
        </Card>
        <Card>
          <CardBody>
            <h2>Postback</h2>
            <Facts style={{ marginBottom: 16 }}>
              <dt>Secret</dt>
              <dd>{a.has_secret ? (rotatedAt ? `Rotated ${formatInstant(rotatedAt)}` : 'Set when the advertiser was created') : 'None'}</dd>
              <dt>Old secret</dt>
              <dd>{previousUntil ? `Accepted until ${formatInstant(previousUntil)}` : 'None accepted'}</dd>
            </Facts>
            {!a.has_secret && !postback && <p>{advertiserDetailMessages.noSecret}</p>}
            {canSeePostback &&
              (postback ? (
                <Urls>
                  <CopyField label="Server-to-server postback URL" value={postback.postback_url} placeholder="No secret: postbacks are refused" />
                  <CopyField label="Pixel" value={postback.pixel_url} description="For pixel- and iFrame-tracked campaigns; it carries no secret." />
                </Urls>
              ) : (
                <>
                  <p>{advertiserDetailMessages.postbackIntro}</p>
                  <Actions style={{ marginBottom: 16 }}>
                    <Button variant="secondary" onPress={onShowPostback} isPending={isLoadingPostback}>
                      Show the postback URL and pixel
                    </Button>
                  </Actions>
                </>
              ))}
            {canWrite && (
              <Button
                variant="secondary"
                onPress={() => {
                  setEndNow(false);
                  setConfirming(true);
                }}
                isPending={isRotating}
              >
                Rotate the secret
              </Button>
            )}
          </CardBody>
        </Card>
      </Sections>
      <Modal
        isOpen={confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        role="alertdialog"
        size="sm"
        title={`Rotate the postback secret of ${a.name}?`}
        footer={(close) => (
          <Actions>
            <Button
              variant={endNow ? 'danger' : 'primary'}
              onPress={() => {
                onRotate(endNow);
                close();
              }}
            >
              Rotate the secret
            </Button>
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
          </Actions>
        )}
      >
        <p style={{ marginTop: 0 }}>{advertiserDetailMessages.rotateIntro}</p>
        <Checkbox isSelected={endNow} onChange={setEndNow}>
          {advertiserDetailMessages.endNow}
        </Checkbox>
      </Modal>
    </div>
  );
}
