import styled from 'styled-components';

/** The authenticator key's QR code on white, and the key itself: the portal's two-factor set-up and the console's first sign-in. */
export const Qr = styled.img`
  display: block;
  width: 200px;
  height: 200px;
  margin: 0 auto;
  background: #fff;
  padding: 8px;
  border-radius: ${({ theme }) => theme.radii.md};
`;
export const Secret = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  word-break: break-all;
`;
