import { useRef, useState } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import styled from 'styled-components';
import { MacroHelpModal } from '../../components/postbacks/MacroHelpModal';
import { POSTBACK_SAVE_ERROR, saveFailureOf } from '../../components/postbacks/PostbackEditor';
import { Button } from '../../ui/Button';
import { Skeleton, SkeletonRegion } from '../../ui/Skeleton';
import { column, spreadRow } from '../../ui/Stack';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';

/** The server's own words for an address that is not http(s) (POST /affiliate/reversalPostback, 400). */
export const REVERSAL_URL_ERROR = 'The postback must be a full URL starting with http:// or https://.';

export const REVERSAL_POSTBACK_HELP =
  'Fired once, server to server, when an advertiser reverses one of your conversions. It takes the same macros as your postbacks, plus {status} (always "reversed") and {reason} (the advertiser\'s reason, empty when none was given). Save it empty to remove it.';

/** Macros set aside as the server does ({name} and the older #name#), so a macro in the host still reads as a URL. */
const MACRO = /\{([a-z0-9_]+)\}|#([a-z0-9]+)#/gi;

/**
 * The first check of the address, before it is sent: empty (removes the postback) or an http(s) URL
 * once its macros are set aside. The server checks it again, and refuses private addresses too.
 */
export function reversalUrlError(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  try {
    const { protocol } = new URL(trimmed.replace(MACRO, 'x'));
    return protocol === 'http:' || protocol === 'https:' ? null : REVERSAL_URL_ERROR;
  } catch {
    return REVERSAL_URL_ERROR;
  }
}

/** A failed save: the server's reason, and whether it is about the URL field ('url: is too long ...'). */
function failureOf(error: FetchBaseQueryError | SerializedError | undefined): { reason: string | null; aboutUrl: boolean } {
  const { reason } = saveFailureOf(error);
  const m = reason ? /^url: (.+)$/s.exec(reason) : null;
  if (!m) return { reason, aboutUrl: false };
  return { reason: /^(is|must) /.test(m[1]) ? `The postback URL ${m[1]}` : m[1].charAt(0).toUpperCase() + m[1].slice(1), aboutUrl: true };
}

const Form = styled.form`
  ${column(3)}
  overflow-wrap: anywhere;
`;
const Actions = styled.div`
  ${spreadRow(3)}
`;
const Help = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    padding: 0 4px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

type Outcome =
  | { n: number; kind: 'saved'; message: string }
  | { n: number; kind: 'failed'; reason: string | null; aboutUrl: boolean }
  | { n: number; kind: 'invalid'; reason: string }
  | null;

export interface ReversalPostbackFormProps {
  /** The saved URL ('' when none): the field starts from it. */
  saved: string;
  /** Saves and answers the server's message; rejects with the RTK Query error. */
  onSave: (url: string) => Promise<string>;
}

/**
 * The reversal postback (POST /affiliate/reversalPostback): one server-to-server URL fired when an
 * advertiser reverses a conversion. The help names {status} and {reason} beside the usual macros; an
 * address that is not http(s) is refused here with the server's own words, before any call; the save's
 * outcome is shown as the global postback's is.
 */
export function ReversalPostbackForm({ saved, onSave }: ReversalPostbackFormProps) {
  const [url, setUrl] = useState(saved);
  const [isSaving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const field = useRef<HTMLInputElement>(null);

  const save = async () => {
    if (isSaving) return;
    const n = (outcome?.n ?? 0) + 1;
    const value = url.trim();
    const invalid = reversalUrlError(value);
    if (invalid) {
      setOutcome({ n, kind: 'invalid', reason: invalid });
      field.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const message = await onSave(value);
      setUrl(value);
      setOutcome({ n, kind: 'saved', message });
    } catch (error) {
      setOutcome({ n, kind: 'failed', ...failureOf(error as FetchBaseQueryError | SerializedError) });
    } finally {
      setSaving(false);
    }
  };

  const fieldError = outcome?.kind === 'invalid' || (outcome?.kind === 'failed' && outcome.aboutUrl) ? (outcome.reason ?? undefined) : undefined;
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Help>
        {REVERSAL_POSTBACK_HELP.split(/(\{status\}|\{reason\})/).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
      </Help>
      <TextField
        ref={field}
        label="Reversal postback URL"
        type="url"
        value={url}
        onChange={(value) => {
          setUrl(value);
          if (outcome?.kind === 'invalid') setOutcome(null);
        }}
        placeholder="https://"
        autoComplete="off"
        validationBehavior="aria"
        description="For example https://tracker.example.com/reversal?txid={transaction_id}&status={status}&reason={reason}"
        errorMessage={fieldError}
      />
      <div>
        <MacroHelpModal />
      </div>
      <Actions>
        <Button type="submit" isPending={isSaving}>
          Save Reversal Postback
        </Button>
      </Actions>
      {outcome?.kind === 'saved' && (
        <SystemMessage key={outcome.n} variant="success">
          {outcome.message}
        </SystemMessage>
      )}
      {outcome?.kind === 'failed' && (
        <SystemMessage key={outcome.n} variant="error" title={POSTBACK_SAVE_ERROR}>
          {outcome.reason}
        </SystemMessage>
      )}
    </Form>
  );
}

/** A line of the skeleton as tall as the form's line it stands for. */
const SkeletonLine = styled.div<{ $height: number }>`
  display: flex;
  align-items: center;
  height: ${({ $height }) => $height}px;
`;

/**
 * The form's shape while the affiliate's record loads (the help, the field with its label and
 * example, the macro link and the button, at their sizes), so what sits below does not move when it arrives.
 */
export function ReversalPostbackSkeleton() {
  return (
    <SkeletonRegion isLoading loadingLabel="Loading your reversal postback">
      <Form as="div" aria-hidden="true">
        <div>
          <SkeletonLine $height={24}>
            <Skeleton shape="text" />
          </SkeletonLine>
          <SkeletonLine $height={24}>
            <Skeleton shape="text" width="55%" />
          </SkeletonLine>
        </div>
        <div>
          <SkeletonLine $height={20}>
            <Skeleton shape="text" width={160} />
          </SkeletonLine>
          <Skeleton height={38} />
          <SkeletonLine $height={22}>
            <Skeleton shape="text" width="60%" />
          </SkeletonLine>
        </div>
        <SkeletonLine $height={39}>
          <Skeleton shape="text" width={140} />
        </SkeletonLine>
        <Skeleton height={38} width={195} />
      </Form>
    </SkeletonRegion>
  );
}
