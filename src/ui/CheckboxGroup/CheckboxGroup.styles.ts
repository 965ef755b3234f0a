import styled, { css } from 'styled-components';
import { CheckboxGroup as AriaCheckboxGroup } from 'react-aria-components';
import { fieldStack } from '../Field';

/** Shared by CheckboxGroup and RadioGroup: options in a column or a wrapping row. */
export const optionsLayout = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[1]}px 0;
  &[data-orientation='horizontal'] {
    flex-direction: row;
    flex-wrap: wrap;
    column-gap: ${({ theme }) => theme.space[5]}px;
  }
`;

export const Root = styled(AriaCheckboxGroup)`
  ${fieldStack}
  border: 0;
`;

export const Options = styled.div`
  ${optionsLayout}
`;
