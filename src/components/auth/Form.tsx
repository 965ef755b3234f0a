import styled from 'styled-components';

/** The column form of the sign-in steps, the verification modal and the two-factor set-up. */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
`;
