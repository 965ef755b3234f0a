import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AccessRequest } from '../../api/contract/operator';
import type { PendingPublisher } from '../../api/contract/register';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { EXPERIENCE_LEVELS, HEAR_ABOUT_SOURCES } from '../../shared/registrationOptions';
import { Spinner } from '../../ui/Spinner';
import { Actions, Fact, Facts, formatDate, formatTime, Stack } from '../affiliates/parts';
import type { OperatorImage } from '../api/queuesApi';

/** The approval queues' texts (stories and tests read them). */
export const queueMessages = {
  noPublishers: 'No publisher application is waiting for review.',
  noRequests: 'No access request is waiting for a decision.',
  imageFailed: 'The image could not be loaded.',
  approvedPublisher: (p: PendingPublisher) => `${nameOf(p)} is approved: their account is active and the welcome e-mail is on its way.`,
  rejectedPublisher: (p: PendingPublisher) => `${nameOf(p)}'s application is rejected; they are told by e-mail.`,
  approvedRequest: (r: AccessRequest) => `${r.affiliate.name} may now run ${r.campaign.name}.`,
  rejectedRequest: (r: AccessRequest) => `${r.affiliate.name}'s request for ${r.campaign.name} is rejected; they are told why.`,
} as const;

export const nameOf = (p: Pick<PendingPublisher, 'first_name' | 'last_name' | 'email'>) => `${p.first_name} ${p.last_name}`.trim() || p.email;

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[1]}px;
  figcaption {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  img {
    display: block;
    max-width: 100%;
    max-height: 320px;
    object-fit: contain;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
const Images = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
`;

/** An image of the operator API: a spinner while it comes, the picture, or why not. */
export function ImageOf({ image, alt, caption }: { image: OperatorImage | null; alt: string; caption: string }) {
  return (
    <Figure>
      <figcaption>{caption}</figcaption>
      {image === null || image.state === 'failed' ? (
        <span>{image === null ? 'Not sent.' : queueMessages.imageFailed}</span>
      ) : image.state === 'loading' ? (
        <Spinner label={`Loading ${alt}`} />
      ) : (
        <img src={image.url} alt={alt} />
      )}
    </Figure>
  );
}

const experience = (level: number | null) => (level === null ? '' : (EXPERIENCE_LEVELS.find((l) => l.value === level)?.label ?? String(level)));
const heardThrough = (source: string) => HEAR_ABOUT_SOURCES.find((s) => s.value === source)?.label ?? source;
const existing: Record<string, string> = { yes: 'Yes', no: 'No' };

export interface PublisherCardProps {
  publisher: PendingPublisher;
  /** The ID images (front, back) as the page fetched them. */
  images: ReactNode;
  canDecide: boolean;
  onApprove: (p: PendingPublisher) => void;
  onReject: (p: PendingPublisher) => void;
}

/** One application: who, how they found the network, what they promote, their ID images and the decision. */
export function PublisherCard({ publisher: p, images, canDecide, onApprove, onReject }: PublisherCardProps) {
  const name = nameOf(p);
  const a = p.address;
  return (
    <Card elementType="article" aria-label={`Application of ${name}`}>
      <CardHeader title={name} level={2} />
      <CardBody>
        <Stack>
          <Facts>
            <Fact label="Affiliate id">{p.affiliate_id}</Fact>
            <Fact label="Applied">{formatTime(p.registered_at)}</Fact>
            <Fact label="E-mail">{`${p.email}${p.email_verified ? ' (verified)' : ' (not verified)'}`}</Fact>
            <Fact label="Company">{p.company}</Fact>
            <Fact label="Mobile">{p.mobile}</Fact>
            <Fact label="Phone">{p.phone}</Fact>
            <Fact label="Telegram">{p.im_handle}</Fact>
            <Fact label="Time zone">{p.time_zone}</Fact>
            <Fact label="Address">{[a.address_1, a.address_2, a.city, a.state || a.non_state, a.zipcode, a.country].filter(Boolean).join(', ')}</Fact>
            <Fact label="Website">{p.website}</Fact>
            <Fact label="Manager">{p.manager?.name ?? 'None'}</Fact>
            <Fact label="Heard of us through">{[heardThrough(p.hear_about_source), p.hear_about].filter(Boolean).join(': ')}</Fact>
            <Fact label="Experience">{[experience(p.experience_level), p.experience_description].filter(Boolean).join(': ')}</Fact>
            <Fact label="How they promote">{p.promotion}</Fact>
            <Fact label="Offers they want">{p.desired_offer}</Fact>
            <Fact label="Has another account">
              {[existing[p.application.existing_account] ?? p.application.existing_account, p.application.other_affiliate_id, p.application.other_email].filter(Boolean).join(', ')}
            </Fact>
            <Fact label="Referred by">{p.application.referrer === null ? '' : `Affiliate ${p.application.referrer}`}</Fact>
            <Fact label="Came from">{p.application.http_referrer}</Fact>
          </Facts>
          <Images>{images}</Images>
          {canDecide && (
            <Actions>
              <Button onPress={() => onApprove(p)} aria-label={`Approve ${name}`}>
                Approve
              </Button>
              <Button variant="danger" onPress={() => onReject(p)} aria-label={`Reject ${name}`}>
                Reject
              </Button>
            </Actions>
          )}
        </Stack>
      </CardBody>
    </Card>
  );
}

const creativeText = { E: 'Existing creatives', M: 'Their own ad placement' } as const;

export interface AccessRequestCardProps {
  request: AccessRequest;
  image: ReactNode;
  canDecide: boolean;
  onApprove: (r: AccessRequest) => void;
  onReject: (r: AccessRequest) => void;
}

/** One access request: the campaign, the affiliate, their answers, the ad-placement image and the decision. */
export function AccessRequestCard({ request: r, image, canDecide, onApprove, onReject }: AccessRequestCardProps) {
  const label = `${r.affiliate.name} for ${r.campaign.name}`;
  return (
    <Card elementType="article" aria-label={`Request of ${label}`}>
      <CardHeader title={r.campaign.name} level={2} />
      <CardBody>
        <Stack>
          <Facts>
            <Fact label="Affiliate">{`${r.affiliate.name} (${r.affiliate.affiliate_id}), ${r.affiliate.email}`}</Fact>
            <Fact label="Campaign">{`${r.campaign.name} (${r.campaign.campaign_id})`}</Fact>
            <Fact label="Asked">{formatDate(r.created_at)}</Fact>
            <Fact label="Estimated leads">{r.estimated_leads}</Fact>
            <Fact label="Traffic type">{r.traffic_type}</Fact>
            <Fact label="Creatives">{creativeText[r.creative]}</Fact>
            <Fact label="Description">{r.description}</Fact>
            {r.sources.map((s, i) => (
              <Fact key={`s${i}`} label={`Source ${i + 1}`}>
                {s}
              </Fact>
            ))}
            {r.custom_answers.map((c, i) => (
              <Fact key={`c${i}`} label={c.question}>
                {c.answer}
              </Fact>
            ))}
          </Facts>
          {image}
          {canDecide && (
            <Actions>
              <Button onPress={() => onApprove(r)} aria-label={`Approve ${label}`}>
                Approve
              </Button>
              <Button variant="danger" onPress={() => onReject(r)} aria-label={`Reject ${label}`}>
                Reject
              </Button>
            </Actions>
          )}
        </Stack>
      </CardBody>
    </Card>
  );
}
