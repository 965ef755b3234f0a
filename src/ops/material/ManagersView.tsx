import { useState } from 'react';
import styled from 'styled-components';
import type { Manager } from '../../api/contract/opsPeople';
import type { MaterialImageKind } from '../../api/contract/opsMaterial';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { Link } from '../../ui/Link';
import { Table, type TableColumn } from '../../ui/Table';
import { NoticeBanner, UploadModal, type Notice, type Outcome } from './parts';

/** The affiliate managers, each with a link to their pictures. */
export function ManagersView({ managers }: { managers: Manager[] }) {
  const columns: TableColumn<Manager>[] = [
    { key: 'name', header: 'Manager', isRowHeader: true, render: (m) => <Link href={`/ops/material/managers/${m.manager_id}`}>{m.name}</Link> },
    { key: 'email', header: 'E-mail' },
    { key: 'im_handle', header: 'Chat', render: (m) => m.im_handle || 'None' },
    { key: 'is_active', header: 'Status', render: (m) => (m.is_active ? <Badge tone="success">Active</Badge> : <Badge>Deactivated</Badge>) },
  ];
  return (
    <div>
      <p>
        <Link href="/ops/material">Back to the campaigns</Link>
      </p>
      <h1>Managers' photos and QR codes</h1>
      <p>The affiliates' dashboard shows their manager's photo and chat QR code. Without an upload, the server draws them.</p>
      <Table aria-label="Affiliate managers" columns={columns} rows={managers} getRowKey={(m) => m.manager_id} cardsBelow="desktop" emptyText="No affiliate managers yet." />
    </div>
  );
}

const Pictures = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  img {
    display: block;
    width: 160px;
    height: 160px;
    object-fit: contain;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 4px;
    margin-bottom: ${({ theme }) => theme.space[3]}px;
  }
`;

type Which = 'photo' | 'qr';
const KIND: Record<Which, MaterialImageKind> = { photo: 'managerPhoto', qr: 'managerQr' };
const NAMES: Record<Which, string> = { photo: 'Photo', qr: 'Chat QR code' };

export interface ManagerPicturesViewProps {
  managerId: number;
  /** Their name when known (from the managers' list). */
  name: string | null;
  /** The addresses the dashboard shows now: the upload, else the drawn picture. */
  photo: string;
  qr: string;
  canWrite: boolean;
  onUpload: (which: Which, file: File) => Promise<Outcome<{ photo: string | null; qr: string | null; name: string }>>;
}

/** An affiliate manager's photo and chat QR code, each with its upload. */
export function ManagerPicturesView({ managerId, name, photo, qr, canWrite, onUpload }: ManagerPicturesViewProps) {
  const [open, setOpen] = useState<Which | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [shown, setShown] = useState({ photo, qr });
  const [who, setWho] = useState(name);
  const title = who ?? `Manager #${managerId}`;
  return (
    <div>
      <p>
        <Link href="/ops/material/managers">Back to the managers</Link>
      </p>
      <h1>{title}</h1>
      <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
      <Pictures>
        {(['photo', 'qr'] as const).map((which) => (
          <Card key={which}>
            <CardHeader title={NAMES[which]} />
            <CardBody>
              <img src={shown[which]} alt={`${NAMES[which]} of ${title}`} />
              {canWrite && (
                <Button variant="secondary" onPress={() => setOpen(which)}>
                  {which === 'photo' ? 'Upload a photo' : 'Upload a QR code'}
                </Button>
              )}
            </CardBody>
          </Card>
        ))}
      </Pictures>
      <UploadModal
        key={open ?? 'none'}
        title={open === 'qr' ? `Chat QR code of ${title}` : `Photo of ${title}`}
        kind={KIND[open ?? 'photo']}
        label={open === 'qr' ? 'QR code' : 'Photo'}
        isOpen={open !== null}
        onUpload={async (file) => {
          const which = open ?? 'photo';
          const answer = await onUpload(which, file);
          if (answer.ok) {
            setWho(answer.value.name);
            setShown((s) => ({ ...s, [which]: answer.value[which] ?? s[which] }));
            setNotice({ tone: 'success', text: which === 'qr' ? `The QR code of ${answer.value.name} is uploaded.` : `The photo of ${answer.value.name} is uploaded.` });
          }
          return answer;
        }}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
