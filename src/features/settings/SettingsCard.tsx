import { Fragment, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { affiliateApi } from '../../api/affiliateApi';
import { baseApi, useApiDispatch } from '../../api/baseApi';
import { useLeaveWarning } from '../../lib/leaveGuard';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { SystemMessage } from '../../ui/SystemMessage';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** What a card's save answers: done with the server's message, or refused (403 = the window closed). */
export type SaveOutcome = { ok: true; message: string } | { ok: false; message: string; status?: number; field?: string };

export interface CardEditor<V> {
  values: V;
  errors: FieldErrors<V>;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  isDisabled: boolean;
}

export interface SettingsCardProps<V> {
  title: string;
  /** The page has passed the verification: the card offers Edit. */
  editable: boolean;
  /** The saved values (from the record); editing starts from them, Cancel returns to them. */
  saved: V;
  /** The read-only view: the saved record's facts, label and value, in order. */
  facts: FactRows;
  form: (editor: CardEditor<V>) => ReactNode;
  /** The rules checked before any call (spec 001 §5); field → message. */
  validate?: (values: V) => FieldErrors<V>;
  /** The checks with the server (phone, e-mail) and the save itself. */
  save: (values: V) => Promise<SaveOutcome>;
  /** A save refused because the verification window closed. */
  onLocked?: (message: string) => void;
  onSaved?: () => void;
  /** Extra content under the read-only view or the form (help links, notes). */
  footer?: ReactNode;
  /** Values cleared after a successful save (passwords). */
  afterSave?: (values: V) => V;
  'data-testid'?: string;
}

const Rows = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
`;
const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  justify-content: flex-end;
  flex-wrap: wrap;
`;

/** Labelled read-only values of a card. */
export const ReadOnly = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    dd { margin-bottom: ${({ theme }) => theme.space[2]}px; }
  }
`;

/** The read-only view's rows: label and value, in order. */
export type FactRows = readonly (readonly [label: string, value: string])[];

/** A read-only list of facts (a card's saved record, a summary). */
export function Facts({ rows }: { rows: FactRows }) {
  return (
    <ReadOnly>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </ReadOnly>
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One card of the settings page (spec 001 §2.5, §4 Profile): read-only, or editing with Cancel and
 * Save; back to read-only after a successful save. A failed save keeps what was typed (nothing is
 * lost) and shows the message; the read-only view always shows the saved record, so Cancel is the
 * way back to it. Half-filled forms warn before the page is left.
 */
export function SettingsCard<V>({ title, editable, saved, facts, form, validate, save, onLocked, onSaved, footer, afterSave, ...rest }: SettingsCardProps<V>) {
  const [editing, setEditing] = useState(false);
  const [values, setValuesState] = useState<V>(saved);
  // What the form holds, kept as each change happens: Save reads it, never a render's copy that a
  // change made just before the press (typing, then Save at once on a busy device) has not reached.
  const latest = useRef<V>(saved);
  const setValues = (next: V) => {
    latest.current = next;
    setValuesState(next);
  };
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const dispatch = useApiDispatch();
  const dirty = editing && !same(values, saved);
  useLeaveWarning(dirty);

  // The page locked again (the window ended): an open form closes; the page says why.
  useEffect(() => {
    if (!editable) setEditing(false);
  }, [editable]);

  const start = () => {
    setValues(saved);
    setErrors({});
    setMessage(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setErrors({});
    setMessage(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const submit = async () => {
    const current = latest.current;
    const found = validate?.(current) ?? {};
    setErrors(found);
    setMessage(null);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const outcome = await save(current);
      if (outcome.ok) {
        // Every card's read-only view shows the affiliate record: fetch it again now and wait for it, so
        // the view never shows the old values beside 'saved'. The save's invalidation alone is not
        // enough: RTK Query delays it while any other call or save is out, and without this fetch the e2e
        // settings journey can see the old city beside 'saved' for 10 s. Then whatever else the save
        // invalidated: wait until no call is running (bounded, in case a poll keeps starting new ones).
        await dispatch(affiliateApi.endpoints.getAffiliate.initiate(undefined, { forceRefetch: true, subscribe: false }));
        for (let round = 0; round < 5; round += 1) {
          const running = dispatch(baseApi.util.getRunningQueriesThunk());
          if (running.length === 0) break;
          await Promise.all(running);
        }
        setEditing(false);
        setValues(afterSave ? afterSave(current) : current);
        setMessage({ kind: 'success', text: outcome.message });
        onSaved?.();
        requestAnimationFrame(() => editButton.current?.focus());
      } else if (outcome.status === 403 && onLocked) {
        onLocked(outcome.message);
      } else {
        if (outcome.field) setErrors({ [outcome.field]: outcome.message } as FieldErrors<V>);
        setMessage({ kind: 'error', text: outcome.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues({ ...latest.current, [key]: value });
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  return (
    <Card aria-label={title} data-testid={rest['data-testid']}>
      <CardHeader
        title={title}
        actions={
          editable && !editing ? (
            <Button ref={editButton} variant="secondary" size="sm" onPress={start} aria-label={`Edit ${title}`}>
              Edit
            </Button>
          ) : undefined
        }
      />
      <CardBody>
        <Rows>
          {message && (
            <SystemMessage variant={message.kind} isDismissable onDismiss={() => setMessage(null)}>
              {message.text}
            </SystemMessage>
          )}
          {editing ? (
            <form
              noValidate
              aria-label={title}
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Rows>
                <Suspense fallback={<Spinner label="Loading the form" />}>{form({ values, errors, set, isDisabled: saving })}</Suspense>
                <Actions>
                  <Button variant="quiet" onPress={cancel} isDisabled={saving}>
                    Cancel
                  </Button>
                  <Button type="submit" isPending={saving}>
                    Save
                  </Button>
                </Actions>
              </Rows>
            </form>
          ) : (
            <Facts rows={facts} />
          )}
          {footer}
        </Rows>
      </CardBody>
    </Card>
  );
}
