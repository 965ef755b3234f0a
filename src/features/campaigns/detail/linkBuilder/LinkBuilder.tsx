import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { useApiDispatch } from '../../../../api/baseApi';
import type { CampaignDetail, DetailTrafficCode } from '../../../../api/contract/campaignDetail';
import type { TrackingLinkRequestInput } from '../../../../api/contract/tracking';
import { errorText } from '../../../../api/errors';
import { trackingLinkApi } from '../../../../api/trackingLinkApi';
import { CAP_REACHED_LABEL, CAP_REACHED_SHORT, PAUSED_LABEL, PAUSED_SHORT } from '../../../../components/campaigns/CampaignNotices';
import { useFlowActor } from '../../../../lib/flowActor';
import {
  isPickerType,
  linkBuilderMachine,
  linkBuilderMessages,
  linkText,
  optionsShown,
  type LinkAnswer,
  type LinkCreativeType,
  type PickerType,
} from '../../../../machines/linkBuilder.machine';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { Checkbox } from '../../../../ui/Checkbox';
import { CopyField } from '../../../../ui/CopyField';
import { RadioGroup } from '../../../../ui/RadioGroup';
import { ErrorBanner, SystemMessage } from '../../../../ui/SystemMessage';
import { TextField } from '../../../../ui/TextField';
import { CreativePicker, type CreativeKind } from '../CreativePicker';
import { TRAFFIC_NAMES } from '../traffic';

const CREATIVE_NAMES: Record<LinkCreativeType, string> = {
  R: 'Raw link',
  S: 'Search',
  C: 'Contextual',
  B: 'Banners',
  T: 'Text link',
  E: 'Solo e-mail (text)',
  H: 'Solo e-mail (html)',
};
const PICKER_KINDS: Record<PickerType, CreativeKind> = { B: 'banner', T: 'text', E: 'textEmail', H: 'htmlEmail' };
const SUB_INDEXES = [0, 1, 2, 3, 4] as const;

/**
 * The campaign detail's traffic letters and the link widgets' letters name the same types
 * (docs/campaigns.md "Traffic types"), so the builder sends the detail letter as it is.
 */
const linkTrafficCode = (code: DetailTrafficCode) => code;

export interface LinkBuilderProps {
  campaign: CampaignDetail;
  /** Flag 175: the search-safe checkbox (spec 000 section 6). */
  searchSafeAllowed: boolean;
}

/** The warning on a paused campaign: the link builds, but does not pay. */
export const PAUSED_LINK_NOTE = 'Links you build now will not pay while the campaign is paused: visitors go to a fallback page.';
/** The warning on a capped campaign. */
export const CAP_REACHED_LINK_NOTE = 'Links you build now will not pay until the cap resets tomorrow (midnight Eastern time): visitors go to a fallback page.';

/**
 * Why a link built now would not pay: the campaign is paused, or a daily cap is reached for today
 * (docs/tracking.md: such clicks go to the fallback page). The link still builds.
 */
function NoPayWarning({ campaign }: { campaign: CampaignDetail }) {
  const { paused, cap_left_today: left } = campaign.details;
  if (paused === 'Y') {
    return (
      <SystemMessage variant="warning" isDismissable={false} title={`${PAUSED_LABEL}: ${PAUSED_SHORT}`}>
        {PAUSED_LINK_NOTE}
      </SystemMessage>
    );
  }
  if (left === 0) {
    return (
      <SystemMessage variant="warning" isDismissable={false} title={`${CAP_REACHED_LABEL}: ${CAP_REACHED_SHORT}`}>
        {CAP_REACHED_LINK_NOTE}
      </SystemMessage>
    );
  }
  return null;
}

/**
 * The tracking link builder (spec 000 section 4), driven by `linkBuilderMachine`; above the link, a
 * warning while the campaign is paused or capped for today.
 */
export function LinkBuilder({ campaign, searchSafeAllowed }: LinkBuilderProps) {
  const dispatch = useApiDispatch();
  const machine = useMemo(
    () =>
      linkBuilderMachine.provide({
        actors: {
          createLink: fromPromise<LinkAnswer, TrackingLinkRequestInput>(async ({ input }) => {
            const result = await dispatch(trackingLinkApi.endpoints.createTrackingLink.initiate(input));
            if (result.data) return { ok: true, link: result.data['tracking-link'], ready: result.data.withTrafficAndCreative };
            const status = result.error && 'status' in result.error && typeof result.error.status === 'number' ? result.error.status : 0;
            return { ok: false, status, message: errorText(result.error) ?? linkBuilderMessages.connection };
          }),
        },
      }),
    [dispatch],
  );
  const defaultPage = campaign.landing_pages.find((lp) => lp.default_lp === 'Y') ?? campaign.landing_pages[0];
  const actor = useFlowActor(machine, { input: { campaignId: campaign.campaign_id, defaultLandingPageId: defaultPage?.landing_page_id ?? null } });
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);

  const traffic = (Object.keys(TRAFFIC_NAMES) as DetailTrafficCode[]).filter((code) => campaign.allowed_traffic_types[code] === 'Y');
  const kinds = new Set(campaign.creatives.map((c) => c.type));
  const text = linkText(context);
  const pickerType = isPickerType(context.creativeType) ? context.creativeType : null;
  const picked = context.creativeId !== null && pickerType ? campaign.creatives.find((c) => c.creative_id === context.creativeId) : undefined;

  return (
    <Builder aria-label="Tracking link builder">
      <RadioGroup
        label="1. Traffic type"
        orientation="horizontal"
        value={context.trafficType}
        onChange={(value) => actor.send({ type: 'SET_TRAFFIC', trafficType: value })}
        options={traffic.map((code) => ({ value: linkTrafficCode(code), label: TRAFFIC_NAMES[code] }))}
      />
      <RadioGroup
        label="2. Creative type"
        orientation="horizontal"
        value={context.creativeType}
        onChange={(value) => actor.send({ type: 'SET_CREATIVE_TYPE', creativeType: value as LinkCreativeType })}
        options={(Object.keys(CREATIVE_NAMES) as LinkCreativeType[]).map((t) => ({
          value: t,
          label: CREATIVE_NAMES[t],
          isDisabled: isPickerType(t) && !kinds.has(PICKER_KINDS[t]),
        }))}
      />
      {pickerType && state !== 'picking' && (
        <Chosen>
          {picked ? <span>Creative #{picked.creative_id} ({picked.name})</span> : <span>No creative selected.</span>}
          <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'SET_CREATIVE_TYPE', creativeType: pickerType })}>
            {picked ? 'Change creative' : 'Choose a creative'}
          </Button>
        </Chosen>
      )}
      <CreativePicker
        kind={pickerType ? PICKER_KINDS[pickerType] : 'banner'}
        creatives={campaign.creatives}
        mode="select"
        isOpen={state === 'picking'}
        onClose={() => actor.send({ type: 'CLOSE_PICKER' })}
        onSelect={(c) => actor.send({ type: 'PICK', creativeId: c.creative_id })}
      />
      {optionsShown(context) && (
        <>
          {campaign.landing_pages.length > 0 && (
            <RadioGroup
              label="Landing page"
              value={context.landingPageId === null ? null : String(context.landingPageId)}
              onChange={(value) => actor.send({ type: 'SET_LANDING_PAGE', landingPageId: Number(value) })}
              options={campaign.landing_pages.map((lp) => ({
                value: String(lp.landing_page_id),
                label: (
                  <PageCard>
                    <img src={lp.thumbnail} alt="" width={64} height={80} />
                    <span>{lp.name}</span>
                    {lp.default_lp === 'Y' && <Badge tone="info">Default</Badge>}
                  </PageCard>
                ),
              }))}
            />
          )}
          <fieldset>
            <legend>Sub IDs (optional)</legend>
            <Subs>
              {SUB_INDEXES.map((i) => (
                <TextField
                  key={i}
                  label={`Sub ID ${i + 1}`}
                  size="sm"
                  value={context.subs[i]}
                  onChange={(value) => actor.send({ type: 'SET_SUB', index: i, value })}
                />
              ))}
            </Subs>
          </fieldset>
          {searchSafeAllowed && (
            <Checkbox isSelected={context.safesearch} onChange={(on) => actor.send({ type: 'SET_SAFESEARCH', on })}>
              Search-safe link (no referrer is passed on to the advertiser)
            </Checkbox>
          )}
        </>
      )}
      <NoPayWarning campaign={campaign} />
      {context.error && (
        <ErrorBanner>
          {context.error}{' '}
          <Button variant="link" onPress={() => actor.send({ type: 'RETRY' })}>
            Try again
          </Button>
        </ErrorBanner>
      )}
      {context.ready && context.link ? (
        <>
          <CopyField label="Your tracking link" value={context.link} copyLabel="Copy link" copiedLabel="Copied!" />
          {context.trafficType === 'M' && <LinkQrCode link={context.link} />}
        </>
      ) : (
        <Waiting role="status" aria-live="polite">
          {state === 'generating' || state === 'debouncing' ? 'Building your link…' : text}
        </Waiting>
      )}
    </Builder>
  );
}

/** The link as a QR code for mobile traffic (the encoder loads with the first code). */
function LinkQrCode({ link }: { link: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toDataURL(link, { margin: 1, width: 192, errorCorrectionLevel: 'M' }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <Qr>
      {src ? <img src={src} width={192} height={192} alt="QR code of your tracking link" /> : <QrSpace aria-hidden="true" />}
      <span>Scan to open your tracking link on a phone.</span>
    </Qr>
  );
}

const Builder = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  min-width: 0;
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space[2]}px;
  }
`;
const Subs = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space[2]}px;
`;
const Chosen = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;
const PageCard = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  img {
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
const Waiting = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
  overflow-wrap: anywhere;
`;
const Qr = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  img {
    background: #fff;
  }
`;
const QrSpace = styled.span`
  display: inline-block;
  width: 192px;
  height: 192px;
`;
