import { forwardRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Label, ProgressBar as AriaProgressBar, type ProgressBarProps as AriaProgressBarProps } from 'react-aria-components';

export type ProgressTone = 'primary' | 'success' | 'warning' | 'danger';

/** From `min` (a value, same scale as `value`) upward this tone applies; the highest matching wins. */
export interface ProgressThreshold {
  min: number;
  tone: ProgressTone;
}

const Root = styled(AriaProgressBar)`
  display: grid;
  grid-template-columns: 1fr auto;
  grid-template-areas: 'label value' 'track track';
  align-items: baseline;
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[2]}px;
  width: 100%;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledLabel = styled(Label)`
  grid-area: label;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  &[data-hidden] {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

const Value = styled.span`
  grid-area: value;
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Track = styled.div`
  grid-area: track;
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
  &[data-size='sm'] { height: 6px; }
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  transition: width ${({ theme }) => theme.durations.slow} ease;
  &[data-tone='primary'] { background: ${({ theme }) => theme.colors.primary}; }
  &[data-tone='success'] { background: ${({ theme }) => theme.colors.success}; }
  &[data-tone='warning'] { background: ${({ theme }) => theme.colors.warning}; }
  &[data-tone='danger'] { background: ${({ theme }) => theme.colors.danger}; }
`;

export interface ProgressBarProps extends Omit<AriaProgressBarProps, 'children' | 'isIndeterminate'> {
  label: ReactNode;
  /** Keep the label for screen readers only. */
  isLabelHidden?: boolean;
  /** Show the value text (e.g. '35%') next to the label. */
  showValueLabel?: boolean;
  /**
   * `auto`: success (green) at the maximum or above, primary (blue) below — spec 000, the
   * performance bonus bar "is green at 100% or more, blue below". `thresholds` override `auto`.
   */
  tone?: 'auto' | ProgressTone;
  thresholds?: ProgressThreshold[];
  size?: 'sm' | 'md';
}

export function resolveTone(
  value: number,
  maxValue: number,
  tone: ProgressBarProps['tone'] = 'auto',
  thresholds?: ProgressThreshold[],
): ProgressTone {
  if (tone !== 'auto') return tone;
  if (thresholds?.length) {
    const match = [...thresholds].sort((a, b) => b.min - a.min).find((t) => value >= t.min);
    if (match) return match.tone;
  }
  return value >= maxValue ? 'success' : 'primary';
}

/**
 * A determinate progress bar. Values above `maxValue` are allowed (a bonus target can be beaten):
 * the bar shows full and the value text keeps the real figure, e.g. '140%'.
 */
export const ProgressBar = forwardRef<HTMLDivElement, ProgressBarProps>(function ProgressBar(
  {
    label,
    isLabelHidden,
    showValueLabel = true,
    tone = 'auto',
    thresholds,
    size = 'md',
    value = 0,
    minValue = 0,
    maxValue = 100,
    valueLabel,
    formatOptions = { style: 'percent' },
    ...props
  },
  ref,
) {
  const ratio = maxValue > minValue ? (value - minValue) / (maxValue - minValue) : 0;
  const text = valueLabel ?? new Intl.NumberFormat(undefined, formatOptions).format(
    formatOptions.style === 'percent' ? ratio : value,
  );
  const resolved = resolveTone(value, maxValue, tone, thresholds);
  const width = `${Math.min(100, Math.max(0, ratio * 100))}%`;
  return (
    <Root {...props} ref={ref} value={value} minValue={minValue} maxValue={maxValue} valueLabel={text} data-tone={resolved}>
      <StyledLabel data-hidden={isLabelHidden || undefined}>{label}</StyledLabel>
      {showValueLabel && <Value aria-hidden="true">{text}</Value>}
      <Track data-size={size}>
        <Fill data-tone={resolved} data-fill="" style={{ width }} />
      </Track>
    </Root>
  );
});
