import styled from 'styled-components';
import type { CampaignDetail } from '../../api/contract/campaignDetail';
import { useSaveCampaignPostbackMutation } from '../../api/postbacksApi';
import { DeliveryLog } from './DeliveryLog';
import { PostbackEditor } from './PostbackEditor';
import { campaignPostbackTypes } from './postbackTypes';

export const USE_GLOBAL_POSTBACK = 'Use global postback';
export const SELECT_POSTBACK_TYPE = 'Select a postback type';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]}px;
  min-width: 0;
`;

export interface CampaignPostbackFormProps {
  /** The campaign as GET /campaign/{id} answers it (its tracking type and the affiliate's saved postback). */
  campaign: CampaignDetail;
  /** Whether the affiliate has a global postback (GET /affiliate promotional_methods.global_callback_type is not ''). */
  hasGlobalPostback: boolean;
}

/**
 * The campaign page's Pixels / Postbacks form (spec 000 §5, §7 POST /campaign/{id}/postback, §8):
 * the types the campaign's tracking type offers, the empty option 'Use global postback' when the
 * affiliate has one (else 'Select a postback type'), the code, the macro help, Save; then this
 * campaign's recent deliveries with "Send test postback". The page places it in its card (no card
 * of its own). Saving reloads the campaign (its `postback`); the fields keep what was typed
 * (but the code of a removed postback: see PostbackEditor).
 */
export function CampaignPostbackForm({ campaign, hasGlobalPostback }: CampaignPostbackFormProps) {
  const [save] = useSaveCampaignPostbackMutation();
  const { campaign_id: campaignId, details, postback } = campaign;
  const types = campaignPostbackTypes(details.tracking_type, details.supports_multiple_postback === 'Y');
  // A saved type the campaign no longer offers (its tracking type changed) stays selectable, so the
  // form shows what is saved rather than an empty field.
  if (postback.type !== '' && !types.includes(postback.type)) types.push(postback.type);
  return (
    <Stack>
      <PostbackEditor
        key={campaignId}
        saved={postback}
        types={types}
        emptyLabel={hasGlobalPostback ? USE_GLOBAL_POSTBACK : SELECT_POSTBACK_TYPE}
        emptyCodeText={
          hasGlobalPostback
            ? 'Conversions of this campaign fire your global postback. Choose a type to fire a postback of its own instead.'
            : 'Choose a type to set a postback for this campaign.'
        }
        typeLabel="Postback type"
        codeLabel="Pixel / postback code"
        saveLabel="Save Postback"
        onSave={async ({ type, code }) => (await save({ campaignId, type, code }).unwrap()).message}
      />
      <DeliveryLog campaignId={campaignId} />
    </Stack>
  );
}
