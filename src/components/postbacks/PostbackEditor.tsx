import { useState, type ReactNode } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import styled from 'styled-components';
import { CONNECTION_ERROR, readErrorEnvelope } from '../../api/errors';
import { Button } from '../../ui/Button';
import type { ListOption } from '../../ui/FieldList';
import { Select } from '../../ui/Select';
import { Skeleton, SkeletonRegion } from '../../ui/Skeleton';
import { SystemMessage } from '../../ui/SystemMessage';
import { column, spreadRow } from '../../ui/Stack';
import { TextArea } from '../../ui/TextArea';
import { MacroHelpModal } from './MacroHelpModal';
import { codeDescription, NO_TYPE_KEY, POSTBACK_TYPE_NAMES, type PostbackType } from './postbackTypes';

/** Spec 000 §8 (and spec 002 §8): what a failed postback save says first. */
export const POSTBACK_SAVE_ERROR = 'There was an error saving your postback. Please try again.';

export interface PostbackValue {
  type: PostbackType;
  code: string;
}

/** Why a save failed, for the banner and the field it is about. */
export interface SaveFailure {
  /** The server's reason written for the affiliate, or 'Connection error.'; null when it gave none. */
  reason: string | null;
  /** The field the reason is about (the server prefixes it: 'code: must be a full URL ...'). */
  field: 'type' | 'code' | null;
}

/** Reads the server's `errors.message` of a failed save; 'field: text' becomes the field and 'Text'. */
export function saveFailureOf(error: FetchBaseQueryError | SerializedError | undefined): SaveFailure {
  if (!error || !('status' in error)) return { reason: null, field: null };
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return { reason: CONNECTION_ERROR, field: null };
  const message = readErrorEnvelope(error.data)?.errors.message;
  if (!message) return { reason: null, field: null };
  const m = /^(type|code): (.+)$/s.exec(message);
  if (!m) return { reason: message, field: null };
  const [, field, rest] = m;
  // 'code: must be ...' reads 'The postback code must be ...'; a whole sentence keeps its words.
  const reason = /^(is|must) /.test(rest) ? `The postback ${field} ${rest}` : rest.charAt(0).toUpperCase() + rest.slice(1);
  return { reason, field: field as 'type' | 'code' };
}

const Form = styled.form`
  ${column(3)}
`;
const Actions = styled.div`
  ${spreadRow(3)}
`;

/** A line of the skeleton as tall as the editor's line it stands for (a label, a description, the macro link). */
const SkeletonLine = styled.div<{ $height: number }>`
  display: flex;
  align-items: center;
  height: ${({ $height }) => $height}px;
`;
const SkeletonField = styled.div`
  display: flex;
  flex-direction: column;
`;

/**
 * The editor's shape while the saved postback loads: the type and code fields, the help link, the
 * note (itself: it is known) and the button, at their sizes, so what sits below does not move when
 * the editor arrives (without it the screen shifted by a quarter of a phone's height).
 */
export function PostbackEditorSkeleton({ loadingLabel, note }: { loadingLabel: string; note?: ReactNode }) {
  return (
    <SkeletonRegion isLoading loadingLabel={loadingLabel}>
      <Form as="div" aria-hidden="true">
        <SkeletonField>
          <SkeletonLine $height={20}>
            <Skeleton shape="text" width={110} />
          </SkeletonLine>
          <Skeleton height={38} />
        </SkeletonField>
        <SkeletonField>
          <SkeletonLine $height={20}>
            <Skeleton shape="text" width={110} />
          </SkeletonLine>
          <Skeleton height={102} />
          <SkeletonLine $height={22}>
            <Skeleton shape="text" width="70%" />
          </SkeletonLine>
        </SkeletonField>
        <SkeletonLine $height={39}>
          <Skeleton shape="text" width={140} />
        </SkeletonLine>
        {note}
        <Skeleton height={38} width={180} />
      </Form>
    </SkeletonRegion>
  );
}

type Outcome = { n: number; kind: 'saved'; message: string } | { n: number; kind: 'failed'; failure: SaveFailure } | null;

export interface PostbackEditorProps {
  /** The saved postback: the fields start from it. */
  saved: PostbackValue;
  /** The types offered besides the empty one, in order. */
  types: Exclude<PostbackType, ''>[];
  /** The empty option's label. */
  emptyLabel: string;
  /** The code field's description while no type is chosen. */
  emptyCodeText: string;
  typeLabel: string;
  codeLabel: string;
  saveLabel: string;
  /** Saves and answers the server's message; rejects with the RTK Query error. */
  onSave: (value: PostbackValue) => Promise<string>;
  /** Shown between the fields and the save button (the global screen's info note). */
  note?: ReactNode;
}

/**
 * The type select, the code textarea, the macro help, the save button with its spinner and the
 * save's outcome: the one body of the campaign postback form (spec 000 §5) and the Global Postback
 * screen (spec 002 §2, §4). No client-side validation of the code (spec 000 §5): the server checks
 * it and its reason is shown under the field.
 */
export function PostbackEditor({ saved, types, emptyLabel, emptyCodeText, typeLabel, codeLabel, saveLabel, onSave, note }: PostbackEditorProps) {
  const [type, setType] = useState<PostbackType>(saved.type);
  const [code, setCode] = useState(saved.code);
  const [isSaving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const items: ListOption[] = [
    { id: NO_TYPE_KEY, label: emptyLabel },
    ...types.map((t) => ({ id: t, label: POSTBACK_TYPE_NAMES[t] })),
  ];
  const failure = outcome?.kind === 'failed' ? outcome.failure : null;

  const save = async () => {
    if (isSaving) return;
    setSaving(true);
    const n = (outcome?.n ?? 0) + 1;
    // No type removes the postback: nothing of the code is kept (the server stores ''), so none is
    // sent, and once saved the field shows what is saved rather than the removed code.
    const value = { type, code: type === '' ? '' : code };
    try {
      const message = await onSave(value);
      setCode(value.code);
      setOutcome({ n, kind: 'saved', message });
    } catch (error) {
      setOutcome({ n, kind: 'failed', failure: saveFailureOf(error as FetchBaseQueryError | SerializedError) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Select
        label={typeLabel}
        items={items}
        selectedKey={type === '' ? NO_TYPE_KEY : type}
        onSelectionChange={(key) => setType(key === NO_TYPE_KEY || key == null ? '' : (key as PostbackType))}
        errorMessage={failure?.field === 'type' ? (failure.reason ?? undefined) : undefined}
      />
      <TextArea
        label={codeLabel}
        value={code}
        onChange={setCode}
        rows={4}
        description={codeDescription(type, emptyCodeText)}
        errorMessage={failure?.field === 'code' ? (failure.reason ?? undefined) : undefined}
      />
      <div>
        <MacroHelpModal />
      </div>
      {note}
      <Actions>
        <Button type="submit" isPending={isSaving}>
          {saveLabel}
        </Button>
      </Actions>
      {outcome?.kind === 'saved' && (
        <SystemMessage key={outcome.n} variant="success">
          {outcome.message}
        </SystemMessage>
      )}
      {failure && (
        <SystemMessage key={outcome!.n} variant="error" title={POSTBACK_SAVE_ERROR}>
          {failure.reason}
        </SystemMessage>
      )}
    </Form>
  );
}
