/** The postback types a campaign offers: L URL, I HTML, S server-to-server URL ('' — none — always). */
export type CampaignPostbackType = 'L' | 'I' | 'S';

/**
 * Spec 000 §5, once for the form and the server: URL always; HTML when the campaign's tracking type is
 * I, or M, or S with multiple-postback support; server-to-server URL only when the tracking type is S.
 */
export function campaignPostbackTypes(trackingType: string, supportsMultiplePostback: boolean): CampaignPostbackType[] {
  const types: CampaignPostbackType[] = ['L'];
  if (trackingType === 'I' || trackingType === 'M' || (trackingType === 'S' && supportsMultiplePostback)) types.push('I');
  if (trackingType === 'S') types.push('S');
  return types;
}
