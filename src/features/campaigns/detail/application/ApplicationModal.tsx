import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { useApiDispatch } from '../../../../api/baseApi';
import { campaignAccessApi } from '../../../../api/campaignAccessApi';
import type { CampaignDetail } from '../../../../api/contract/campaignDetail';
import { errorText } from '../../../../api/errors';
import { useFlowActor } from '../../../../lib/flowActor';
import {
  applicationProblems,
  campaignApplicationMachine,
  type ApplicationField,
  type LoadAnswer,
  type SubmitAnswer,
  type SubmitInput,
} from '../../../../machines/campaignApplication.machine';
import {
  AD_IMAGE_MAX_BYTES,
  APPLICATION_MESSAGES as M,
  APPLICATION_TRAFFIC_CODES,
  CREATIVE_CHOICES,
  DESCRIPTION_MAX,
  LEADS_MAX_LENGTH,
  SOURCE_QUESTIONS,
  type ApplicationTrafficCode,
  type CreativeChoice,
} from '../../../../shared/campaignApplication';
import { Button } from '../../../../ui/Button';
import { FileField } from '../../../../ui/FileField';
import { Modal } from '../../../../ui/Modal';
import { RadioGroup } from '../../../../ui/RadioGroup';
import { Select } from '../../../../ui/Select';
import { SkeletonText } from '../../../../ui/Skeleton';
import { ErrorBanner, SystemMessage } from '../../../../ui/SystemMessage';
import { TextArea } from '../../../../ui/TextArea';
import { TextField } from '../../../../ui/TextField';
import { TRAFFIC_NAMES } from '../traffic';

export interface ApplicationModalProps {
  campaign: CampaignDetail;
  onClose: () => void;
}

/**
 * The campaign application modal (spec 000 sections 2, 4, 5, 8), driven by
 * `campaignApplicationMachine`. Mounted while open: each opening starts a fresh application.
 */
export function ApplicationModal({ campaign, onClose }: ApplicationModalProps) {
  const dispatch = useApiDispatch();
  const machine = useMemo(
    () =>
      campaignApplicationMachine.provide({
        actors: {
          loadQuestions: fromPromise<LoadAnswer, { campaignId: number }>(async ({ input }) => {
            const result = await dispatch(campaignAccessApi.endpoints.getApprovalQuestions.initiate(input.campaignId, { subscribe: false, forceRefetch: true }));
            const data = result.data;
            if (!data) return { ok: false };
            const q = data.approval_questions;
            return { ok: true, preface: data.approval_info.approval_preface, questions: [q.question1, q.question2, q.question3] };
          }),
          submit: fromPromise<SubmitAnswer, SubmitInput>(async ({ input }) => {
            const result = await dispatch(
              campaignAccessApi.endpoints.requestApproval.initiate({
                id: input.campaignId,
                body: {
                  estimatedLeads: input.estimatedLeads.trim(),
                  trafficType: input.trafficType as ApplicationTrafficCode,
                  description: input.description,
                  custom1: input.custom[0],
                  custom2: input.custom[1],
                  custom3: input.custom[2],
                  creative: input.creative as CreativeChoice,
                  source1: input.sources[0],
                  source2: input.sources[1],
                  source3: input.sources[2],
                  ...(input.file ? { creativeFile: input.file } : {}),
                },
              }),
            );
            if (result.data) return { ok: true, message: result.data.message };
            return { ok: false, message: errorText(result.error) ?? 'Connection error.' };
          }),
        },
      }),
    [dispatch],
  );
  const actor = useFlowActor(machine, { input: { campaignId: campaign.campaign_id } });
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  const problems = context.showProblems ? applicationProblems(context) : {};
  const { answers } = context;

  const allowed = APPLICATION_TRAFFIC_CODES.filter((code) => campaign.allowed_traffic_types[code] === 'Y');
  const traffic = answers.trafficType || null;
  const sourceQuestions = traffic ? SOURCE_QUESTIONS[traffic] : null;
  const set = (field: ApplicationField) => (value: string) => actor.send({ type: 'SET', field, value });
  const sending = state === 'submitting';

  // Keyed so the primary button stays the same element from Submit to Close: react-aria's announcement
  // of the pending Submit points at its id for a few seconds.
  const footer =
    state === 'editing' || state === 'submitting' ? (
      <>
        <Button key="secondary" variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button key="primary" onPress={() => actor.send({ type: 'SUBMIT' })} isPending={sending} isDisabled={sending}>
          Submit request
        </Button>
      </>
    ) : state === 'loadFailed' ? (
      <>
        <Button key="secondary" variant="secondary" onPress={onClose}>
          Close
        </Button>
        <Button key="primary" onPress={() => actor.send({ type: 'RETRY' })}>
          Try again
        </Button>
      </>
    ) : state === 'success' ? (
      <>
        <Button key="primary" onPress={onClose}>
          Close
        </Button>
      </>
    ) : undefined;

  return (
    <Modal title={`Request access: ${campaign.details.name}`} isOpen onOpenChange={(open) => !open && onClose()} size="lg" footer={footer}>
      {state === 'loading' && <SkeletonText lines={6} />}
      {state === 'loadFailed' && (
        <ErrorBanner>{context.error}</ErrorBanner>
      )}
      {state === 'success' && (
        <SystemMessage variant="success" isDismissable={false}>
          {context.message}
        </SystemMessage>
      )}
      {(state === 'editing' || state === 'submitting') && (
        <Form
          aria-label="Campaign application"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          {context.preface.trim() !== '' && <Preface>{context.preface}</Preface>}
          {context.error && (
            <ErrorBanner>{context.error}</ErrorBanner>
          )}
          {context.questions.map((question, i) =>
            question.trim() === '' ? null : (
              <TextField
                key={i}
                label={question}
                isRequired
                maxLength={1000}
                value={answers.custom[i]}
                onChange={set(`custom${i + 1}` as ApplicationField)}
                errorMessage={problems[`custom${i + 1}` as ApplicationField]}
                isDisabled={sending}
              />
            ),
          )}
          <TextField
            label="How many leads will you send per day?"
            isRequired
            inputMode="numeric"
            maxLength={LEADS_MAX_LENGTH}
            value={answers.estimatedLeads}
            onChange={set('estimatedLeads')}
            errorMessage={problems.estimatedLeads}
            isDisabled={sending}
          />
          <RadioGroup
            label="Creative"
            isRequired
            value={answers.creative || null}
            onChange={(value) => actor.send({ type: 'SET_CREATIVE', creative: value as CreativeChoice })}
            options={(Object.keys(CREATIVE_CHOICES) as CreativeChoice[]).map((c) => ({ value: c, label: CREATIVE_CHOICES[c] }))}
            errorMessage={problems.creative}
            isDisabled={sending}
          />
          <FileField
            label="Image of your ad placement"
            description={answers.creative === 'M' ? 'Required when you make your own creative. Images only.' : 'Images only.'}
            maxSize={AD_IMAGE_MAX_BYTES}
            value={context.file}
            onChange={(file) => actor.send({ type: 'SET_FILE', file })}
            errorMessage={problems.file}
            typeErrorMessage={M.imageType}
            sizeErrorMessage={M.imageTooLarge}
            isRequired={answers.creative === 'M'}
            isDisabled={sending}
          />
          <Select
            label="Traffic type"
            isRequired
            placeholder="Choose a traffic type"
            description="Only the traffic types listed are allowed on this campaign; every other type is NOT ALLOWED."
            items={allowed.map((code) => ({ id: code, label: TRAFFIC_NAMES[code] }))}
            selectedKey={traffic}
            onSelectionChange={(key) => key !== null && actor.send({ type: 'SET_TRAFFIC', trafficType: key as ApplicationTrafficCode })}
            errorMessage={problems.trafficType}
            isDisabled={sending}
          />
          {sourceQuestions && (
            <Sources aria-label="About your traffic source">
              <TextField label={sourceQuestions.labels[0]} isRequired maxLength={500} value={answers.sources[0]} onChange={set('source1')} errorMessage={problems.source1} isDisabled={sending} />
              {sourceQuestions.choices ? (
                <Select
                  label={sourceQuestions.labels[1]}
                  isRequired
                  placeholder="Choose one"
                  items={sourceQuestions.choices.map((c) => ({ id: c, label: c }))}
                  selectedKey={answers.sources[1] || null}
                  onSelectionChange={(key) => key !== null && set('source2')(String(key))}
                  errorMessage={problems.source2}
                  isDisabled={sending}
                />
              ) : (
                <TextField label={sourceQuestions.labels[1]} isRequired maxLength={500} value={answers.sources[1]} onChange={set('source2')} errorMessage={problems.source2} isDisabled={sending} />
              )}
              <TextField
                label={sourceQuestions.labels[2]}
                isRequired={!sourceQuestions.thirdOptional}
                maxLength={500}
                value={answers.sources[2]}
                onChange={set('source3')}
                errorMessage={problems.source3}
                isDisabled={sending}
              />
            </Sources>
          )}
          <TextArea
            label="How will you promote this campaign?"
            isRequired
            maxLength={DESCRIPTION_MAX}
            value={answers.description}
            onChange={set('description')}
            errorMessage={problems.description}
            isDisabled={sending}
          />
        </Form>
      )}
    </Modal>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
`;

const Preface = styled.p`
  margin: 0;
  white-space: pre-line;
`;

const Sources = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
`;
