import { forwardRef, type ReactNode } from 'react';
import { composeRenderProps, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { Root } from './Checkbox.styles';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'style'> {
  /** The label, rendered next to the box (a function of the render props is also accepted). */
  children?: AriaCheckboxProps['children'];
  className?: string;
}

/** The box's glyphs; which one shows is decided in CSS from `[data-selected]`/`[data-indeterminate]`. */
function CheckGlyphs() {
  return (
    <>
      <svg data-icon="check" width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M5 12l5 5 9-10" />
      </svg>
      <svg data-icon="dash" width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3.5} strokeLinecap="round" aria-hidden="true">
        <path d="M6 12h12" />
      </svg>
    </>
  );
}

/**
 * A checkbox with its label (checked, unchecked, indeterminate; disabled; invalid). Inside a
 * `CheckboxGroup` it takes its checked state from the group via `value`.
 */
export const Checkbox = forwardRef<HTMLLabelElement, CheckboxProps>(function Checkbox({ children, ...props }, ref) {
  return (
    <Root {...props} ref={ref}>
      {composeRenderProps(children, (content: ReactNode) => (
        <>
          <span className="checkbox-box" aria-hidden="true">
            <CheckGlyphs />
          </span>
          {content != null && <span>{content}</span>}
        </>
      ))}
    </Root>
  );
});
