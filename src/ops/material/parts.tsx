import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorText } from '../../api/errors';
import { MATERIAL_IMAGES, type MaterialImageKind } from '../../api/contract/opsMaterial';
import { Button } from '../../ui/Button';
import { FileField } from '../../ui/FileField';
import { Modal } from '../../ui/Modal';
import { SystemMessage } from '../../ui/SystemMessage';

/** What a write's callback answers the view: its value, or the sentence to show (the server's, else ours). */
export type Outcome<T = unknown> = { ok: true; value: T } | { ok: false; error: string };

/** Runs an RTK Query call (`.unwrap()`d) and turns its failure into the server's sentence. */
export async function outcome<T>(call: Promise<T>, fallback: string): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    return { ok: false, error: errorText(error as never) ?? fallback };
  }
}

/** The area's own sentences (the server's are shown as they come). */
export const materialMessages = {
  notSaved: 'The change did not go through.',
  noFile: 'Choose an image file to upload.',
  imageType: 'The file must be a JPEG, PNG or GIF image.',
  sanitised:
    'The HTML is sanitised when it is saved: styles, images, scripts and unknown elements are removed, links to [TRACKING_LINK] and [UNSUB_LINK] are kept. The affiliates get what is kept.',
} as const;

export const tooLarge = (kind: MaterialImageKind) => `The ${MATERIAL_IMAGES[kind].label} is larger than ${MATERIAL_IMAGES[kind].maxBytes / 1_000_000} MB. Upload a smaller file.`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;

export const SectionHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[6]}px 0 ${({ theme }) => theme.space[3]}px;
  h2,
  h3 {
    margin: 0;
  }
`;

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  p {
    margin: 0;
  }
`;

export const Thumb = styled.img`
  display: block;
  max-width: 120px;
  max-height: 90px;
  width: auto;
  height: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.surface};
`;

export const Wrap = styled.span`
  overflow-wrap: anywhere;
`;

/** The outcome of the last write, success or the server's sentence, above a section. */
export type Notice = { tone: 'success' | 'error'; text: ReactNode } | null;

export function NoticeBanner({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <SystemMessage variant={notice.tone} onDismiss={onDismiss}>
        {notice.text}
      </SystemMessage>
    </div>
  );
}

/** A confirmation before a delete; the answer (and a refusal's sentence) is the section's notice. */
export function ConfirmDelete({ title, text, isOpen, onConfirm, onClose }: { title: string; text: ReactNode; isOpen: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      size="sm"
      title={title}
      footer={(close) => (
        <Actions>
          <Button
            variant="danger"
            onPress={() => {
              onConfirm();
              close();
            }}
          >
            Delete
          </Button>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      {text}
    </Modal>
  );
}

export interface UploadModalProps {
  title: string;
  kind: MaterialImageKind;
  label: string;
  description?: ReactNode;
  isOpen: boolean;
  /** Sends the file; a refusal's sentence (415, 413...) is shown in the dialog, which stays open. */
  onUpload: (file: File) => Promise<Outcome>;
  onClose: () => void;
  /** Fields shown above the file (a banner's name); `ready` false keeps Upload from sending. */
  extra?: ReactNode;
  ready?: boolean;
  /** Shown beside the file field when `ready` is false and Upload was pressed. */
  onTried?: () => void;
}

/** One image upload in a dialog: the file, Upload, and the server's sentence when it refuses it. */
export function UploadModal({ title, kind, label, description, isOpen, onUpload, onClose, extra, ready = true, onTried }: UploadModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const close = () => {
    setFile(null);
    setError(null);
    setMissing(false);
    onClose();
  };
  const submit = async (e?: React.FormEvent) => {
    e?.preventDefault();
    onTried?.();
    setMissing(!file);
    if (!file || !ready) return;
    setError(null);
    setSending(true);
    const answer = await onUpload(file);
    setSending(false);
    if (answer.ok) close();
    else setError(answer.error);
  };
  const formId = `upload-${kind}`;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={title}
      footer={(dismiss) => (
        <Actions>
          <Button type="submit" form={formId} isPending={sending}>
            Upload
          </Button>
          <Button variant="secondary" onPress={dismiss} isDisabled={sending}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      <Form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        {error && (
          <SystemMessage variant="error" isDismissable={false}>
            {error}
          </SystemMessage>
        )}
        {extra}
        <FileField
          label={label}
          description={description ?? `JPEG, PNG or GIF, at most ${MATERIAL_IMAGES[kind].maxSide.toLocaleString('en-US')} pixels wide and high.`}
          maxSize={MATERIAL_IMAGES[kind].maxBytes}
          value={file}
          onChange={(f) => {
            setFile(f);
            setMissing(false);
            setError(null);
          }}
          typeErrorMessage={materialMessages.imageType}
          sizeErrorMessage={tooLarge(kind)}
          errorMessage={missing ? materialMessages.noFile : undefined}
          isRequired
          isDisabled={sending}
        />
      </Form>
    </Modal>
  );
}
