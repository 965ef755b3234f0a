import { useState, type FormEvent } from 'react';
import type { OpsCreative } from '../../api/contract/opsMaterial';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { SystemMessage } from '../../ui/SystemMessage';
import { Table, type TableColumn } from '../../ui/Table';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { Actions, ConfirmDelete, Form, materialMessages, NoticeBanner, SectionHead, Thumb, UploadModal, Wrap, type Notice, type Outcome } from './parts';

export type Banner = Extract<OpsCreative, { type: 'banner' }>;
export type TextLink = Extract<OpsCreative, { type: 'text' }>;
export type Email = Extract<OpsCreative, { type: 'textEmail' | 'htmlEmail' }>;
export type TextLinkFields = { name: string; text: string };
export type EmailFields = { name: string; subject: string; text: string; html: string };

export interface CreativesViewProps {
  creatives: OpsCreative[];
  canWrite: boolean;
  /** Answers the banner the server stored (its width and height read from the image). */
  onAddBanner: (name: string, file: File) => Promise<Outcome<OpsCreative>>;
  onReplaceImage: (banner: Banner, file: File) => Promise<Outcome<OpsCreative>>;
  onAddTextLink: (fields: TextLinkFields) => Promise<Outcome<OpsCreative>>;
  onAddEmail: (fields: EmailFields) => Promise<Outcome<OpsCreative>>;
  /** Only the fields that changed. */
  onEdit: (creative: OpsCreative, changes: Partial<EmailFields>) => Promise<Outcome<OpsCreative>>;
  onDelete: (creative: OpsCreative) => Promise<Outcome>;
}

type Dialog =
  | { kind: 'addBanner' | 'addText' | 'addEmail' }
  | { kind: 'rename' | 'replace'; creative: Banner }
  | { kind: 'editText'; creative: TextLink }
  | { kind: 'editEmail'; creative: Email }
  | { kind: 'delete'; creative: OpsCreative }
  | null;

const size = (b: Banner) => (b.width && b.height ? `${b.width} × ${b.height}` : 'Not known');
const isEmail = (c: OpsCreative): c is Email => c.type === 'textEmail' || c.type === 'htmlEmail';

/** The HTML the server kept of a solo e-mail, after a save. */
type Kept = { name: string; html: string; changed: boolean } | null;

/** A campaign's creatives: banners (uploaded images), text links and solo e-mails; add, edit, replace an image, delete. */
export function CreativesView({ creatives, canWrite, onAddBanner, onReplaceImage, onAddTextLink, onAddEmail, onEdit, onDelete }: CreativesViewProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [kept, setKept] = useState<Kept>(null);
  const [bannerName, setBannerName] = useState('');
  const [bannerTried, setBannerTried] = useState(false);
  const banners = creatives.filter((c): c is Banner => c.type === 'banner');
  const links = creatives.filter((c): c is TextLink => c.type === 'text');
  const emails = creatives.filter(isEmail);
  const close = () => setDialog(null);
  const said = (text: string) => {
    setKept(null);
    setNotice({ tone: 'success', text });
  };
  const saidBanner = (c: OpsCreative, verb: string) => {
    if (c.type === 'banner') said(`${c.name} is ${verb}: ${c.width ?? '?'} × ${c.height ?? '?'} pixels, as read from the image.`);
  };
  const saidEmail = (c: OpsCreative, sentHtml: string) => {
    said(`${c.name} is saved.`);
    if (isEmail(c) && sentHtml.trim() !== '') setKept({ name: c.name, html: c.html, changed: c.html !== sentHtml.trim() });
  };
  const removed = (answer: Outcome, name: string) => {
    setKept(null);
    setNotice(answer.ok ? { tone: 'success', text: `${name} is deleted.` } : { tone: 'error', text: answer.error });
  };

  const writes = (c: OpsCreative, edit: Dialog, extra?: React.ReactNode) =>
    canWrite ? (
      <Actions>
        <Button size="sm" variant="secondary" onPress={() => setDialog(edit)} aria-label={`Edit ${c.name}`}>
          Edit
        </Button>
        {extra}
        <Button size="sm" variant="danger" onPress={() => setDialog({ kind: 'delete', creative: c })} aria-label={`Delete ${c.name}`}>
          Delete
        </Button>
      </Actions>
    ) : null;
  const actionsColumn = <T extends OpsCreative>(render: (c: T) => React.ReactNode): TableColumn<T>[] => (canWrite ? [{ key: 'actions', header: 'Actions', render }] : []);

  const bannerColumns: TableColumn<Banner>[] = [
    { key: 'image', header: 'Image', render: (b) => (b.image ? <Thumb src={b.image} alt={`Banner ${b.name}`} loading="lazy" /> : 'No image') },
    { key: 'name', header: 'Name', isRowHeader: true },
    { key: 'size', header: 'Size (pixels)', render: size },
    { key: 'uploaded', header: 'Source', render: (b) => (b.uploaded ? <Badge tone="info">Uploaded</Badge> : <Badge>Drawn</Badge>) },
    ...actionsColumn<Banner>((b) =>
      writes(
        b,
        { kind: 'rename', creative: b },
        <Button size="sm" variant="secondary" onPress={() => setDialog({ kind: 'replace', creative: b })} aria-label={`Replace image of ${b.name}`}>
          Replace image
        </Button>,
      ),
    ),
  ];
  const linkColumns: TableColumn<TextLink>[] = [
    { key: 'name', header: 'Name', isRowHeader: true },
    { key: 'text', header: 'Text', render: (t) => <Wrap>{t.text}</Wrap> },
    ...actionsColumn<TextLink>((t) => writes(t, { kind: 'editText', creative: t })),
  ];
  const emailColumns: TableColumn<Email>[] = [
    { key: 'name', header: 'Name', isRowHeader: true },
    { key: 'subject', header: 'Subject', render: (m) => <Wrap>{m.subject}</Wrap> },
    { key: 'type', header: 'Kind', render: (m) => (m.type === 'htmlEmail' ? <Badge tone="info">HTML</Badge> : <Badge>Text only</Badge>) },
    ...actionsColumn<Email>((m) => writes(m, { kind: 'editEmail', creative: m })),
  ];

  const target = dialog && 'creative' in dialog ? dialog.creative : null;
  return (
    <section aria-labelledby="creatives-title">
      <SectionHead>
        <h2 id="creatives-title">Creatives</h2>
      </SectionHead>
      <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
      {kept && (
        <div style={{ marginBottom: 16 }}>
          <SystemMessage variant="info" title={`The HTML of ${kept.name} as stored`} onDismiss={() => setKept(null)}>
            <p style={{ margin: '0 0 8px' }}>{kept.changed ? 'The sanitiser removed part of the HTML. This is what the affiliates get:' : 'The sanitiser kept all of it. This is what the affiliates get:'}</p>
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{kept.html}</pre>
          </SystemMessage>
        </div>
      )}

      <SectionHead>
        <h3>Banners</h3>
        {canWrite && (
          <Button
            variant="secondary"
            onPress={() => {
              setBannerName('');
              setBannerTried(false);
              setDialog({ kind: 'addBanner' });
            }}
          >
            Add a banner
          </Button>
        )}
      </SectionHead>
      <Table aria-label="Banners" columns={bannerColumns} rows={banners} getRowKey={(b) => b.creative_id} cardsBelow="desktop" emptyText="No banners yet." />

      <SectionHead>
        <h3>Text links</h3>
        {canWrite && (
          <Button variant="secondary" onPress={() => setDialog({ kind: 'addText' })}>
            Add a text link
          </Button>
        )}
      </SectionHead>
      <Table aria-label="Text links" columns={linkColumns} rows={links} getRowKey={(t) => t.creative_id} cardsBelow="desktop" emptyText="No text links yet." />

      <SectionHead>
        <h3>Solo e-mails</h3>
        {canWrite && (
          <Button variant="secondary" onPress={() => setDialog({ kind: 'addEmail' })}>
            Add a solo e-mail
          </Button>
        )}
      </SectionHead>
      <Table aria-label="Solo e-mails" columns={emailColumns} rows={emails} getRowKey={(m) => m.creative_id} cardsBelow="desktop" emptyText="No solo e-mails yet." />

      <UploadModal
        key={dialog?.kind === 'addBanner' ? 'add' : `replace-${target?.creative_id ?? 0}`}
        title={dialog?.kind === 'addBanner' ? 'Add a banner' : `Replace the image of ${target?.name ?? ''}`}
        kind="banner"
        label="Banner image"
        isOpen={dialog?.kind === 'addBanner' || dialog?.kind === 'replace'}
        ready={dialog?.kind !== 'addBanner' || bannerName.trim() !== ''}
        onTried={() => setBannerTried(true)}
        extra={
          dialog?.kind === 'addBanner' && (
            <TextField label="Name" value={bannerName} onChange={setBannerName} maxLength={200} isRequired errorMessage={bannerTried && bannerName.trim() === '' ? creativeMessages.name : undefined} />
          )
        }
        onUpload={async (file) => {
          if (dialog?.kind === 'replace') {
            const answer = await onReplaceImage(dialog.creative, file);
            if (answer.ok) saidBanner(answer.value, 'saved with its new image');
            return answer;
          }
          const answer = await onAddBanner(bannerName.trim(), file);
          if (answer.ok) saidBanner(answer.value, 'added');
          return answer;
        }}
        onClose={close}
      />
      <CreativeModal
        isOpen={dialog?.kind === 'rename' || dialog?.kind === 'addText' || dialog?.kind === 'editText' || dialog?.kind === 'addEmail' || dialog?.kind === 'editEmail'}
        dialog={dialog}
        onClose={close}
        onSave={async (fields) => {
          if (!dialog) return { ok: false, error: materialMessages.notSaved };
          if (dialog.kind === 'addText') {
            const answer = await onAddTextLink({ name: fields.name, text: fields.text });
            if (answer.ok) said(`${answer.value.name} is added.`);
            return answer;
          }
          if (dialog.kind === 'addEmail') {
            const answer = await onAddEmail(fields);
            if (answer.ok) saidEmail(answer.value, fields.html);
            return answer;
          }
          if (dialog.kind !== 'rename' && dialog.kind !== 'editText' && dialog.kind !== 'editEmail') return { ok: false, error: materialMessages.notSaved };
          const before = dialog.creative;
          const was: Partial<EmailFields> = { name: before.name, ...(before.type === 'text' ? { text: before.text } : {}), ...(isEmail(before) ? { subject: before.subject, text: before.text, html: before.html } : {}) };
          const changes = Object.fromEntries(Object.entries(fields).filter(([k, v]) => k in was && was[k as keyof EmailFields] !== v)) as Partial<EmailFields>;
          if (Object.keys(changes).length === 0) return { ok: true, value: before };
          const answer = await onEdit(before, changes);
          if (answer.ok) {
            if (isEmail(answer.value)) saidEmail(answer.value, fields.html);
            else said(`${answer.value.name} is saved.`);
          }
          return answer;
        }}
      />
      <ConfirmDelete
        isOpen={dialog?.kind === 'delete'}
        title={`Delete ${target?.name ?? ''}?`}
        text="Affiliates no longer see it on the campaign page; reports keep its name and links built with it keep working."
        onConfirm={() => {
          const c = target;
          if (c) void onDelete(c).then((a) => removed(a, c.name));
        }}
        onClose={close}
      />
    </section>
  );
}

export const creativeMessages = {
  name: 'Enter a name.',
  text: 'Enter the text of the link.',
  subject: 'Enter the subject of the e-mail.',
  body: "Enter the e-mail's text, its HTML or both.",
} as const;

function CreativeModal({ isOpen, dialog, onSave, onClose }: { isOpen: boolean; dialog: Dialog; onSave: (f: EmailFields) => Promise<Outcome>; onClose: () => void }) {
  const kind = dialog?.kind;
  const title =
    kind === 'addText' ? 'Add a text link' : kind === 'addEmail' ? 'Add a solo e-mail' : dialog && 'creative' in dialog ? `Edit ${dialog.creative.name}` : '';
  const key = dialog && 'creative' in dialog ? `edit-${dialog.creative.creative_id}` : (kind ?? 'none');
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size={kind === 'addEmail' || kind === 'editEmail' ? 'lg' : 'md'}
      footer={(close) => (
        <Actions>
          <Button type="submit" form="creative-form">
            Save
          </Button>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      {isOpen && <CreativeForm key={key} dialog={dialog} onSave={onSave} onDone={onClose} />}
    </Modal>
  );
}

function CreativeForm({ dialog, onSave, onDone }: { dialog: Dialog; onSave: (f: EmailFields) => Promise<Outcome>; onDone: () => void }) {
  const c = dialog && 'creative' in dialog ? dialog.creative : null;
  const shape = dialog?.kind === 'addText' || dialog?.kind === 'editText' ? 'text' : dialog?.kind === 'addEmail' || dialog?.kind === 'editEmail' ? 'email' : 'banner';
  const [name, setName] = useState(c?.name ?? '');
  const [subject, setSubject] = useState(c && isEmail(c) ? c.subject : '');
  const [text, setText] = useState(c && (c.type === 'text' || isEmail(c)) ? c.text : '');
  const [html, setHtml] = useState(c && isEmail(c) ? c.html : '');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const problems = {
    name: name.trim() === '' ? creativeMessages.name : undefined,
    text: shape === 'text' && text.trim() === '' ? creativeMessages.text : undefined,
    subject: shape === 'email' && subject.trim() === '' ? creativeMessages.subject : undefined,
    body: shape === 'email' && text.trim() === '' && html.trim() === '' ? creativeMessages.body : undefined,
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.values(problems).some(Boolean) || sending) return;
    setSending(true);
    setError(null);
    const fields: EmailFields = { name: name.trim(), subject: subject.trim(), text: shape === 'text' ? text.trim() : text, html };
    const answer = await onSave(shape === 'banner' ? { ...fields, subject: '', text: '', html: '' } : fields);
    setSending(false);
    if (answer.ok) onDone();
    else setError(answer.error);
  };
  const show = (p: string | undefined) => (tried ? p : undefined);
  return (
    <Form id="creative-form" onSubmit={(e) => void submit(e)} noValidate>
      {error && (
        <SystemMessage variant="error" isDismissable={false}>
          {error}
        </SystemMessage>
      )}
      <TextField label="Name" value={name} onChange={setName} maxLength={200} isRequired errorMessage={show(problems.name)} />
      {shape === 'banner' && <p>To change the picture, use Replace image.</p>}
      {shape === 'text' && <TextArea label="Text of the link" value={text} onChange={setText} maxLength={1000} isRequired errorMessage={show(problems.text)} rows={3} />}
      {shape === 'email' && (
        <>
          <TextField label="Subject" value={subject} onChange={setSubject} maxLength={300} isRequired errorMessage={show(problems.subject)} />
          <TextArea label="Text" description="The plain-text version. Give the text, the HTML or both." value={text} onChange={setText} rows={5} hideCounter errorMessage={show(problems.body)} />
          <TextArea label="HTML" description={materialMessages.sanitised} value={html} onChange={setHtml} rows={8} hideCounter />
        </>
      )}
    </Form>
  );
}
