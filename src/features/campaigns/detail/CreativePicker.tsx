import styled from 'styled-components';
import type { Creative } from '../../../api/contract/campaignDetail';
import { Button } from '../../../ui/Button';
import { CopyField } from '../../../ui/CopyField';
import { Link } from '../../../ui/Link';
import { Modal } from '../../../ui/Modal';

export type CreativeKind = Creative['type'];

/**
 * The creative pickers of the campaign page (spec 000 section 2): banners, text links and the two
 * solo e-mails, in view mode (the Creatives card: Download, Copy) or select mode (the link
 * builder's B, T, E and H: a Select button on each). Closing without a choice is the caller's
 * onClose (the builder then clears its creative).
 */
function pickerTitle(kind: CreativeKind, mode: 'view' | 'select'): string {
  switch (kind) {
    case 'banner':
      return mode === 'select' ? 'Select a Banner' : 'Select Banners';
    case 'text':
      return mode === 'select' ? 'Select a Text Link' : 'Text Links';
    case 'textEmail':
      return mode === 'select' ? 'Select a Solo E-mail (text)' : 'Solo E-mail (text)';
    default:
      return mode === 'select' ? 'Select a Solo E-mail (html)' : 'Solo E-mail (html)';
  }
}

export interface CreativePickerProps {
  kind: CreativeKind;
  /** The campaign's creatives (the picker shows those of its kind). */
  creatives: Creative[];
  mode: 'view' | 'select';
  isOpen: boolean;
  onClose: () => void;
  onSelect?: (creative: Creative) => void;
}

export function CreativePicker({ kind, creatives, mode, isOpen, onClose, onSelect }: CreativePickerProps) {
  const shown = creatives.filter((c) => c.type === kind);
  return (
    <Modal title={pickerTitle(kind, mode)} isOpen={isOpen} onOpenChange={(open) => !open && onClose()} size="lg">
      {shown.length === 0 ? (
        <p>This campaign has no creatives of this kind.</p>
      ) : (
        <List>
          {shown.map((c) => (
            <li key={c.creative_id}>
              <CreativeView creative={c} />
              {mode === 'select' && onSelect && (
                <Button size="sm" aria-label={`Select creative #${c.creative_id}`} onPress={() => onSelect(c)}>
                  Select
                </Button>
              )}
            </li>
          ))}
        </List>
      )}
    </Modal>
  );
}

function CreativeView({ creative }: { creative: Creative }) {
  switch (creative.type) {
    case 'banner':
      return (
        <Banner>
          <img src={creative.image} alt={`Banner ${creative.creative_id}, ${creative.width}x${creative.height}`} width={creative.width} height={creative.height} />
          <figcaption>
            <Row>
              <span>
                #{creative.creative_id} · {creative.width}x{creative.height}
              </span>
              <Link href={creative.download} download>
                Download
              </Link>
            </Row>
          </figcaption>
        </Banner>
      );
    case 'text':
      return <CopyField label={`Text link #${creative.creative_id}`} value={creative.text} />;
    default:
      // A solo e-mail's body (HTML ones too) is shown as text: the advertiser's markup never becomes ours.
      return (
        <div>
          <strong>
            #{creative.creative_id} · Subject: {creative.subject}
          </strong>
          <Pre>{creative.body}</Pre>
        </div>
      );
  }
}

/** A plain vertical list of the campaign page (pickers, lines of the e-mail restrictions). */
export const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  li { overflow-wrap: anywhere; }
`;
const Pre = styled.pre`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
`;
const Banner = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  img { max-width: 100%; height: auto; align-self: flex-start; }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;
