import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useApiDispatch } from '../../../api/baseApi';
import { dashboardApi } from '../../../api/dashboardApi';
import { ISO_COUNTRIES } from '../../../shared/countries';
import { introSurveyMachine, introSurveyMessages, type LoadVerticalsResult, type SaveTargetsResult } from '../../../machines/introSurvey.machine';
import { useFlowActor } from '../../../lib/flowActor';
import { failureText } from '../errors';
import { IntroSurveyModal, type IntroSurveyStep } from './IntroSurveyModal';

export interface IntroSurveyProps {
  onClose: () => void;
}

/** The intro survey driven by `introSurveyMachine`, calling the survey endpoints through RTK Query. */
export function IntroSurvey({ onClose }: IntroSurveyProps) {
  const dispatch = useApiDispatch();
  const machine = useMemo(
    () =>
      introSurveyMachine.provide({
        actors: {
          loadVerticals: fromPromise<LoadVerticalsResult>(async () => {
            const r = dispatch(dashboardApi.endpoints.getVerticalList.initiate(undefined, { subscribe: false }));
            const result = await r;
            if (result.data) return { ok: true, verticals: result.data.vertical_list };
            return { ok: false, message: failureText(result.error, introSurveyMessages.verticalsFailed) ?? introSurveyMessages.verticalsFailed };
          }),
          saveTargets: fromPromise<SaveTargetsResult, { countries: string[]; verticals: number[] }>(async ({ input }) => {
            const result = await dispatch(dashboardApi.endpoints.saveTargets.initiate(input));
            if (result.data) return { ok: true, message: result.data.message };
            return { ok: false, message: failureText(result.error, introSurveyMessages.internal) ?? introSurveyMessages.internal };
          }),
        },
      }),
    [dispatch],
  );
  const actor = useFlowActor(machine);
  const step = useSelector(actor, (s) => s.value as IntroSurveyStep | 'closed');
  const verticals = useSelector(actor, (s) => s.context.verticals);
  const countries = useSelector(actor, (s) => s.context.countries);
  const chosenVerticals = useSelector(actor, (s) => s.context.chosenVerticals);
  const showMissing = useSelector(actor, (s) => s.context.showMissing);
  const error = useSelector(actor, (s) => s.context.error);
  const thanks = useSelector(actor, (s) => s.context.thanks);
  const close = () => {
    actor.send({ type: 'CLOSE' });
    onClose();
  };
  return (
    <IntroSurveyModal
      isOpen={step !== 'closed'}
      step={step === 'closed' ? 'thankYou' : step}
      countries={ISO_COUNTRIES}
      verticals={verticals}
      chosenCountries={countries}
      chosenVerticals={chosenVerticals}
      showMissing={showMissing}
      error={error}
      thanks={thanks}
      onCountriesChange={(codes) => actor.send({ type: 'SET_COUNTRIES', countries: codes })}
      onVerticalsChange={(ids) => actor.send({ type: 'SET_VERTICALS', verticals: ids })}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      onRetry={() => actor.send({ type: 'RETRY' })}
      onClose={close}
    />
  );
}
