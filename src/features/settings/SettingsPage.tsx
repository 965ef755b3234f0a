import { useEffect, useState } from 'react';
import { useGetAffiliateQuery } from '../../api/affiliateApi';
import type { AffiliateResponse } from '../../api/contract/affiliate';
import { failureOf } from '../../api/errors';
import { usePageTitle } from '../../lib/page';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { ErrorBanner } from '../../ui/SystemMessage';
import type { SettingsScreenWithLock } from './SettingsLock';
import { Center, Page, settingsText, SettingsView } from './SettingsView';

export { settingsText } from './SettingsView';

type LockModule = { SettingsScreenWithLock: typeof SettingsScreenWithLock };
let loadedLock: LockModule | null = null;
let loadingLock: Promise<LockModule> | null = null;
/** The lock machine's chunk (src/features/settings/SettingsLock.tsx), fetched once. */
function loadLock(): Promise<LockModule> {
  if (loadedLock) return Promise.resolve(loadedLock);
  loadingLock ??= import('./SettingsLock').then(
    (m) => (loadedLock = m),
    (e: unknown) => {
      loadingLock = null;
      throw e;
    },
  );
  return loadingLock;
}

/**
 * The profile and settings page (spec 001 §2.5): a spinner until the record loads, then the eight
 * cards in two columns, read-only until the page's Edit passes the verification (the
 * settingsVerification machine; the server keeps the same window, docs/settings.md).
 */
export function SettingsPage() {
  usePageTitle(settingsText.title);
  const record = useGetAffiliateQuery();
  const affiliate = record.data;

  if (record.isLoading) {
    return (
      <Center>
        <Spinner label="Loading your settings" />
      </Center>
    );
  }
  if (!affiliate) {
    // A 401 ends the session (the app's session flow); any other failure: spec 001 §8.
    const failure = failureOf(record.error);
    return (
      <Page>
        <h1>{settingsText.title}</h1>
        {failure.code !== 401 && (
          <ErrorBanner>
            {settingsText.loadFailed}{' '}
            <Button variant="link" onPress={() => void record.refetch()}>
              Try again
            </Button>
          </ErrorBanner>
        )}
      </Page>
    );
  }
  return <SettingsScreen affiliate={affiliate} />;
}

/**
 * The loaded page. Read-only, as the spec wants it until the affiliate verifies, without the lock
 * machine: XState, the machines and the verification form (about 17 KiB gzipped) load when Edit is
 * pressed (the press waits for them), or at once when the record says this session's editing window
 * is still open (the page waits for them behind its spinner, so it never shows read-only first).
 */
function SettingsScreen({ affiliate }: { affiliate: AffiliateResponse }) {
  const [lock, setLock] = useState<LockModule | null>(() => loadedLock);
  const [wanted, setWanted] = useState<'window' | 'edit' | null>(() =>
    affiliate.settings_editable_until && Date.parse(affiliate.settings_editable_until) > Date.now() ? 'window' : null,
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!wanted || lock) return;
    let live = true;
    loadLock().then(
      (m) => live && setLock(() => m),
      (e: unknown) => {
        console.warn('The settings lock could not be loaded', e);
        if (!live) return;
        setWanted(null);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, lock]);

  if (lock) return <lock.SettingsScreenWithLock affiliate={affiliate} edit={wanted === 'edit'} />;
  if (wanted === 'window') {
    return (
      <Center>
        <Spinner label="Loading your settings" />
      </Center>
    );
  }
  return (
    <SettingsView
      affiliate={affiliate}
      lock={{
        editable: false,
        notice: failed ? settingsText.lockLoadFailed : null,
        editPending: wanted === 'edit',
        onEdit: () => {
          setFailed(false);
          setWanted('edit');
        },
        onLocked: () => undefined,
        onSaved: () => undefined,
      }}
    />
  );
}
