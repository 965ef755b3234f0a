import type { ReactNode } from 'react';
import { Icon } from '../Icon';
import { ProgressBar } from '../ProgressBar';
import {
  CompactCaption,
  CompactRoot,
  Item,
  List,
  Marker,
  Segments,
  StepLabel,
  VisuallyHidden,
} from './Stepper.styles';

export interface StepperStep {
  label: ReactNode;
  /** Plain text for the compact caption and announcements when `label` is not a string. */
  textValue?: string;
}

export type StepperVariant = 'horizontal' | 'compact' | 'progress';

export interface StepperProps {
  steps: Array<string | StepperStep>;
  /** 1-based. Steps before it are complete. `steps.length + 1` marks everything complete. */
  currentStep: number;
  /**
   * `horizontal`: numbered markers with labels; `compact`: for mobile, a segment bar and
   * 'Step n of m: label'; `progress`: a single progress bar.
   */
  variant?: StepperVariant;
  /** Names the step list, e.g. 'Registration progress'. */
  'aria-label'?: string;
  /**
   * Denominator of the progress bar: width = (currentStep - 1) / progressTotal. Defaults to
   * `steps.length - 1`, so a 7-step wizard gives the registration's (step-1)/6 (spec 002).
   */
  progressTotal?: number;
  /** Words for the hidden state text. */
  completedText?: string;
  className?: string;
}

type StepState = 'complete' | 'current' | 'upcoming';

const normalise = (s: string | StepperStep): StepperStep => (typeof s === 'string' ? { label: s, textValue: s } : s);
const textOf = (s: StepperStep) => s.textValue ?? (typeof s.label === 'string' ? s.label : '');

/** Wizard progress: which steps are done, which one is current (`aria-current="step"`). */
export function Stepper({
  steps,
  currentStep,
  variant = 'horizontal',
  'aria-label': ariaLabel = 'Progress',
  progressTotal,
  completedText = 'completed',
  className,
}: StepperProps) {
  const items = steps.map(normalise);
  const total = items.length;
  const stateOf = (i: number): StepState =>
    i + 1 < currentStep ? 'complete' : i + 1 === currentStep ? 'current' : 'upcoming';
  const current = items[Math.min(Math.max(currentStep, 1), total) - 1];
  const stepNo = Math.min(Math.max(currentStep, 1), total);

  if (variant === 'progress') {
    const denominator = progressTotal ?? Math.max(1, total - 1);
    const value = Math.min(Math.max(0, (currentStep - 1) / denominator), 1) * 100;
    return (
      <div className={className} data-variant="progress">
        <ProgressBar
          label={`Step ${stepNo} of ${total}${current && textOf(current) ? `: ${textOf(current)}` : ''}`}
          value={value}
          tone="primary"
          size="sm"
        />
      </div>
    );
  }

  if (variant === 'compact') {
    return (
      <CompactRoot className={className} data-variant="compact">
        <CompactCaption aria-hidden="true">
          <span>
            Step {stepNo} of {total}:
          </span>{' '}
          <strong>{current?.label}</strong>
        </CompactCaption>
        <Segments aria-label={ariaLabel}>
          {items.map((step, i) => {
            const state = stateOf(i);
            return (
              <li key={i} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
                <VisuallyHidden>
                  {textOf(step) || `Step ${i + 1}`}
                  {state === 'complete' ? ` (${completedText})` : ''}
                </VisuallyHidden>
              </li>
            );
          })}
        </Segments>
      </CompactRoot>
    );
  }

  return (
    <List aria-label={ariaLabel} className={className} data-variant="horizontal">
      {items.map((step, i) => {
        const state = stateOf(i);
        return (
          <Item key={i} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <Marker data-state={state} aria-hidden="true">
              {state === 'complete' ? <Icon name="check" size={14} strokeWidth={3} /> : i + 1}
            </Marker>
            <StepLabel>
              {step.label}
              {state === 'complete' && <VisuallyHidden> ({completedText})</VisuallyHidden>}
            </StepLabel>
          </Item>
        );
      })}
    </List>
  );
}
