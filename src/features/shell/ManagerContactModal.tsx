import { Fragment } from 'react';
import styled from 'styled-components';
import type { AffiliateManager } from '../../api/contract/affiliate';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { managerHours } from '../../shared/programTerms';
import { Modal } from '../../ui/Modal';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space[4]}px;
  align-items: start;
  @media (max-width: 479px) { grid-template-columns: 1fr; }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: break-word; }
`;
const Qr = styled.figure`
  margin: 0;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  img { display: block; width: 140px; height: 140px; padding: 6px; background: #fff; border-radius: ${({ theme }) => theme.radii.md}; }
`;
const Hours = styled.p`
  margin: ${({ theme }) => theme.space[4]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface ManagerContactModalProps {
  manager: AffiliateManager;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * An e-mail address that wraps, when it must, before its '@' and dots rather than mid-word
 * (otherwise 'rachel.kim@network.example' breaks inside a word at 1366 px). Its link is labelled
 * with the address itself, as the break points would read as spaces.
 */
function breakableEmail(email: string) {
  return email.split(/(?=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** Spec 000 §2: the affiliate manager's contact details: name, phone, e-mail, messaging handle, QR code. */
export function ManagerContactModal({ manager, isOpen, onOpenChange }: ManagerContactModalProps) {
  return (
    <Modal
      title="Your affiliate manager"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
      footer={(close) => (
        <Button variant="secondary" onPress={close}>
          Close
        </Button>
      )}
    >
      <Layout>
        <Facts>
          <dt>Name</dt>
          <dd>{manager.name}</dd>
          <dt>Phone</dt>
          <dd>{manager.phone ? <Link href={`tel:${manager.phone.replace(/[^\d+]/g, '')}`}>{manager.phone}</Link> : '—'}</dd>
          <dt>E-mail</dt>
          <dd>{manager.email ? <Link href={`mailto:${manager.email}`} aria-label={manager.email}>{breakableEmail(manager.email)}</Link> : '—'}</dd>
          <dt>Telegram</dt>
          <dd>{manager.im_handle || '—'}</dd>
        </Facts>
        {manager.telegram_qr_code && (
          <Qr>
            <img src={manager.telegram_qr_code} alt={`QR code to message ${manager.name} on Telegram`} width={140} height={140} />
            <figcaption>Scan to chat</figcaption>
          </Qr>
        )}
      </Layout>
      {/* Spec 002 §1: manager hours. */}
      <Hours>Available {managerHours.text}.</Hours>
    </Modal>
  );
}
