import styled from 'styled-components';
import { useGetAffiliateQuery } from '../../api/affiliateApi';
import { errorText } from '../../api/errors';
import { useSaveGlobalPostbackMutation, useSaveReversalPostbackMutation } from '../../api/postbacksApi';
import { DeliveryLog } from '../../components/postbacks/DeliveryLog';
import { PostbackEditor, PostbackEditorSkeleton } from '../../components/postbacks/PostbackEditor';
import { globalPostbackTypes } from '../../components/postbacks/postbackTypes';
import { usePageTitle } from '../../lib/page';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { PageStack } from '../../ui/PageStack';
import { ErrorBanner } from '../../ui/SystemMessage';
import { ReversalPostbackForm, ReversalPostbackSkeleton } from './ReversalPostbackForm';

export const GLOBAL_POSTBACK_NOTE =
  'Your global postback fires on every lead. Campaigns with their own custom postback can choose to fire that one instead in the campaign settings.';
const AFFILIATE_LOAD_ERROR = 'Your global postback could not be loaded. Please try again.';

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border-inline-start: 3px solid ${({ theme }) => theme.colors.info};
  background: ${({ theme }) => theme.colors.infoSubtle};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/**
 * The Global Postback screen (spec 002 §2, §3, §4, §7 POST /affiliate/globalPostback): the type
 * (none, URL, HTML, and Server-Server URL only while it is the saved type), the code, the macro help,
 * 'Save Global Postback' with its spinner, the info note, the save's outcome; then the reversal
 * postback (POST /affiliate/reversalPostback); then every campaign's recent deliveries with "Send test
 * postback". The saved postbacks are the affiliate's record the shell already loads (GET /affiliate
 * promotional_methods.global_callback_* and reversal_callback_url); a save reloads it.
 */
export function GlobalPostbackPage() {
  usePageTitle('Global Postback');
  const affiliate = useGetAffiliateQuery();
  const [save] = useSaveGlobalPostbackMutation();
  const [saveReversal] = useSaveReversalPostbackMutation();
  const methods = affiliate.data?.promotional_methods;
  return (
    <PageStack>
      <h1>Global Postback</h1>
      <Card>
        <CardBody>
          {methods ? (
            <PostbackEditor
              saved={{ type: methods.global_callback_type, code: methods.global_callback_code }}
              types={globalPostbackTypes(methods.global_callback_type)}
              emptyLabel="None (no global postback)"
              emptyCodeText="Choose a type to set a global postback. Saving with none removes it."
              typeLabel="Postback type"
              codeLabel="Postback code"
              saveLabel="Save Global Postback"
              note={<Note>{GLOBAL_POSTBACK_NOTE}</Note>}
              onSave={async (value) => (await save(value).unwrap()).message}
            />
          ) : affiliate.isError ? (
            <ErrorBanner>{errorText(affiliate.error, AFFILIATE_LOAD_ERROR)}</ErrorBanner>
          ) : (
            <PostbackEditorSkeleton loadingLabel="Loading your global postback" note={<Note>{GLOBAL_POSTBACK_NOTE}</Note>} />
          )}
        </CardBody>
      </Card>
      {!affiliate.isError && (
        <Card>
          <CardHeader title="Reversal postback" />
          <CardBody>
            {methods ? (
              <ReversalPostbackForm saved={methods.reversal_callback_url} onSave={async (url) => (await saveReversal({ url }).unwrap()).message} />
            ) : (
              <ReversalPostbackSkeleton />
            )}
          </CardBody>
        </Card>
      )}
      <Card>
        <CardBody>
          <DeliveryLog title="Recent postbacks of all campaigns" headingLevel={2} />
        </CardBody>
      </Card>
    </PageStack>
  );
}
