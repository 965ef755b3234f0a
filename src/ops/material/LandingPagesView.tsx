import { useState, type FormEvent } from 'react';
import type { OpsLandingPage } from '../../api/contract/opsMaterial';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Modal } from '../../ui/Modal';
import { SystemMessage } from '../../ui/SystemMessage';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';
import { Actions, ConfirmDelete, Form, NoticeBanner, SectionHead, Thumb, UploadModal, Wrap, type Notice, type Outcome } from './parts';

export type LandingPageFields = { name: string; url: string; is_default: boolean };

export interface LandingPagesViewProps {
  pages: OpsLandingPage[];
  /** Whether the signed-in role may write (the write endpoints' roles). */
  canWrite: boolean;
  onAdd: (fields: LandingPageFields) => Promise<Outcome>;
  /** Only the fields that changed. */
  onEdit: (page: OpsLandingPage, changes: Partial<LandingPageFields>) => Promise<Outcome>;
  onDelete: (page: OpsLandingPage) => Promise<Outcome>;
  onUploadScreenshot: (page: OpsLandingPage, file: File) => Promise<Outcome>;
  onRemoveScreenshot: (page: OpsLandingPage) => Promise<Outcome>;
}

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete' | 'screenshot'; page: OpsLandingPage } | null;

/** A campaign's landing pages: name, URL, the default, the screenshot; add, edit, delete, upload a screenshot. */
export function LandingPagesView({ pages, canWrite, onAdd, onEdit, onDelete, onUploadScreenshot, onRemoveScreenshot }: LandingPagesViewProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const said = (answer: Outcome, success: string) => setNotice(answer.ok ? { tone: 'success', text: success } : { tone: 'error', text: answer.error });

  const columns: TableColumn<OpsLandingPage>[] = [
    { key: 'image', header: 'Screenshot', render: (p) => <Thumb src={p.image} alt={`${p.screenshot ? 'Screenshot' : 'Drawn picture'} of ${p.name}`} loading="lazy" /> },
    { key: 'name', header: 'Name', isRowHeader: true },
    {
      key: 'is_default',
      header: 'Default',
      render: (p) => (p.is_default ? <Badge tone="success">Default</Badge> : 'No'),
    },
    { key: 'url', header: 'URL', render: (p) => <Wrap>{p.url}</Wrap> },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <Actions>
          <Button size="sm" variant="secondary" onPress={() => setDialog({ kind: 'edit', page: p })} aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
          <Button size="sm" variant="secondary" onPress={() => setDialog({ kind: 'screenshot', page: p })} aria-label={`${p.screenshot ? 'Replace screenshot' : 'Upload screenshot'} of ${p.name}`}>
            {p.screenshot ? 'Replace screenshot' : 'Upload screenshot'}
          </Button>
          {p.screenshot && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Remove screenshot of ${p.name}`}
              onPress={() => void onRemoveScreenshot(p).then((a) => said(a, `The screenshot of ${p.name} is removed; the drawn picture is shown again.`))}
            >
              Remove screenshot
            </Button>
          )}
          <Button size="sm" variant="danger" onPress={() => setDialog({ kind: 'delete', page: p })} aria-label={`Delete ${p.name}`}>
            Delete
          </Button>
        </Actions>
      ),
    });

  const current = dialog && dialog.kind !== 'add' ? dialog.page : null;
  return (
    <section aria-labelledby="landing-pages-title">
      <SectionHead>
        <h2 id="landing-pages-title">Landing pages</h2>
        {canWrite && <Button onPress={() => setDialog({ kind: 'add' })}>Add a landing page</Button>}
      </SectionHead>
      <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
      <Table aria-label="Landing pages" columns={columns} rows={pages} getRowKey={(p) => p.landing_page_id} cardsBelow="desktop" emptyText="No landing pages yet." />
      <LandingPageModal
        isOpen={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        page={dialog?.kind === 'edit' ? dialog.page : null}
        onSave={async (fields) => {
          if (dialog?.kind === 'edit') {
            const p = dialog.page;
            const changes: Partial<LandingPageFields> = {};
            if (fields.name !== p.name) changes.name = fields.name;
            if (fields.url !== p.url) changes.url = fields.url;
            if (fields.is_default && !p.is_default) changes.is_default = true;
            if (Object.keys(changes).length === 0) return { ok: true, value: null };
            const answer = await onEdit(p, changes);
            if (answer.ok) said(answer, `${fields.name} is saved.`);
            return answer;
          }
          const answer = await onAdd(fields);
          if (answer.ok) said(answer, `${fields.name} is added.`);
          return answer;
        }}
        onClose={() => setDialog(null)}
      />
      <UploadModal
        key={current?.landing_page_id ?? 0}
        title={`Screenshot of ${current?.name ?? ''}`}
        kind="screenshot"
        label="Screenshot"
        isOpen={dialog?.kind === 'screenshot'}
        onUpload={async (file) => {
          const answer = current ? await onUploadScreenshot(current, file) : ({ ok: false, error: '' } as const);
          if (answer.ok && current) said(answer, `The screenshot of ${current.name} is uploaded; the affiliates' campaign page shows it.`);
          return answer;
        }}
        onClose={() => setDialog(null)}
      />
      <ConfirmDelete
        isOpen={dialog?.kind === 'delete'}
        title={`Delete ${current?.name ?? ''}?`}
        text={
          current?.is_default
            ? 'It is the default landing page: the oldest other page becomes the default. Links built with it go to the default.'
            : 'Affiliates can no longer choose it; links built with it go to the default landing page. Reports keep its name.'
        }
        onConfirm={() => {
          const p = current;
          if (p) void onDelete(p).then((a) => said(a, `${p.name} is deleted.`));
        }}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}

export const landingMessages = { name: 'Enter a name.', url: 'Enter the landing page URL.' } as const;

/** Add or edit a landing page: name, URL, default. A default page stays the default until another is made one. */
function LandingPageModal({ isOpen, page, onSave, onClose }: { isOpen: boolean; page: OpsLandingPage | null; onSave: (f: LandingPageFields) => Promise<Outcome>; onClose: () => void }) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={page ? `Edit ${page.name}` : 'Add a landing page'} footer={(close) => <ModalButtons close={close} />}>
      {isOpen && <LandingPageForm key={page?.landing_page_id ?? 'new'} page={page} onSave={onSave} onDone={onClose} />}
    </Modal>
  );
}

function ModalButtons({ close }: { close: () => void }) {
  return (
    <Actions>
      <Button type="submit" form="landing-page-form">
        Save
      </Button>
      <Button variant="secondary" onPress={close}>
        Cancel
      </Button>
    </Actions>
  );
}

function LandingPageForm({ page, onSave, onDone }: { page: OpsLandingPage | null; onSave: (f: LandingPageFields) => Promise<Outcome>; onDone: () => void }) {
  const [name, setName] = useState(page?.name ?? '');
  const [url, setUrl] = useState(page?.url ?? '');
  const [isDefault, setDefault] = useState(page?.is_default ?? false);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (name.trim() === '' || url.trim() === '' || sending) return;
    setSending(true);
    setError(null);
    const answer = await onSave({ name: name.trim(), url: url.trim(), is_default: isDefault });
    setSending(false);
    if (answer.ok) onDone();
    else setError(answer.error);
  };
  return (
    <Form id="landing-page-form" onSubmit={(e) => void submit(e)} noValidate>
      {error && (
        <SystemMessage variant="error" isDismissable={false}>
          {error}
        </SystemMessage>
      )}
      <TextField label="Name" value={name} onChange={setName} maxLength={200} isRequired errorMessage={tried && name.trim() === '' ? landingMessages.name : undefined} />
      <TextField
        label="URL"
        value={url}
        onChange={setUrl}
        isRequired
        description="A full web address starting with http:// or https://; macros such as {click_id} and {sub1} are filled in for each click."
        errorMessage={tried && url.trim() === '' ? landingMessages.url : undefined}
      />
      {page?.is_default ? (
        <p>This is the default landing page. To change that, make another page the default.</p>
      ) : (
        <Checkbox isSelected={isDefault} onChange={setDefault}>
          Make it the default landing page
        </Checkbox>
      )}
    </Form>
  );
}
