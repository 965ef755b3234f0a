import styled, { css } from 'styled-components';

/** Hidden visually, still read by screen readers (live regions, extra context). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** A span only screen readers see. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
