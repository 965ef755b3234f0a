import styled from 'styled-components';

/** Label–value lines of the campaign's cards. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space[1]}px ${theme.space[3]}px`};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
/** A card line: its items side by side, wrapping when narrow. */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;
/** Text as the advertiser wrote it (its line breaks kept). */
export const Plain = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
