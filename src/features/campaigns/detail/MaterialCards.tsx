import { useState, type ReactNode } from 'react';
import type { Creative, LandingPage } from '../../../api/contract/campaignDetail';
import { safeLink } from '../../../shared/safeLink';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card, CardBody, CardHeader } from '../../../ui/Card';
import { Link } from '../../../ui/Link';
import { Modal } from '../../../ui/Modal';
import { Plain, Row } from './campaignStyles';
import { CreativePicker, List, type CreativeKind } from './CreativePicker';

/** A card of the campaign's material under its title. */
function MaterialCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody>{children}</CardBody>
    </Card>
  );
}

/** The campaign's landing pages, each with its preview and image (spec 000 §2). */
export function LandingPagesCard({ pages }: { pages: LandingPage[] }) {
  const [preview, setPreview] = useState<LandingPage | null>(null);
  return (
    <MaterialCard title="Landing Pages">
      {pages.length === 0 ? (
        <Plain>No landing pages.</Plain>
      ) : (
        <List>
          {pages.map((lp) => {
            const link = safeLink(lp.url, undefined, ['web']);
            return (
              <li key={lp.landing_page_id}>
                <Row>
                  <strong>{lp.name}</strong>
                  {lp.default_lp === 'Y' && <Badge tone="info">Default</Badge>}
                  {link && (
                    <Link href={link.href} target="_blank" rel="noopener noreferrer">
                      Preview (opens in a new tab)
                    </Link>
                  )}
                  <Button variant="link" onPress={() => setPreview(lp)}>
                    View image
                  </Button>
                </Row>
              </li>
            );
          })}
        </List>
      )}
      <Modal title={preview?.name ?? 'Landing page'} isOpen={preview !== null} onOpenChange={(open) => !open && setPreview(null)} size="lg">
        {preview && <img src={preview.full} alt={`Landing page ${preview.name}`} style={{ maxWidth: '100%', height: 'auto' }} />}
      </Modal>
    </MaterialCard>
  );
}

const GROUPS: Array<{ key: CreativeKind; label: string }> = [
  { key: 'banner', label: 'Banners' },
  { key: 'text', label: 'Text Links' },
  { key: 'textEmail', label: 'Solo E-mail (text)' },
  { key: 'htmlEmail', label: 'Solo E-mail (html)' },
];

/** The creatives by kind, each kind opening the picker to view them (spec 000 §2). */
export function CreativesCard({ creatives }: { creatives: Creative[] }) {
  const [open, setOpen] = useState<CreativeKind | null>(null);
  return (
    <MaterialCard title="Creatives">
      <List>
        {GROUPS.map((g) => {
          const count = creatives.filter((c) => c.type === g.key).length;
          return (
            <li key={g.key}>
              <Row>
                <span>
                  {g.label} ({count})
                </span>
                <Button variant="secondary" size="sm" isDisabled={count === 0} aria-label={`View ${g.label}`} onPress={() => setOpen(g.key)}>
                  View
                </Button>
              </Row>
            </li>
          );
        })}
      </List>
      <CreativePicker kind={open ?? 'banner'} creatives={creatives} mode="view" isOpen={open !== null} onClose={() => setOpen(null)} />
    </MaterialCard>
  );
}
